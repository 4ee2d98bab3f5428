import { Link } from "@remix-run/react";
import { AddEmployeeForm } from "~/components/employer/add-employee-form";
import { Modal } from "~/components/employer/modal";
import { useT, withElements } from "~/utils/i18n";

/**
 * /employees?dialog=add: the Add New Employee dialog, with the invitation recommended first.
 * The page loads it as an island, so its code (the dialog, the form, its schema) is fetched
 * only when the dialog is open.
 */
export function AddEmployeeDialog({ closeTo }: { closeTo: string }) {
  const t = useT("employees");
  return (
    <Modal
      id="add-employee-dialog"
      title={t("add.title")}
      closeTo={closeTo}
      description={
        <>
          <p>{t("add.dialogText")}</p>
          <p className="mt-2">
            {withElements(t("add.recommended"), {
              link: (
                <Link
                  to="/employees/invite"
                  className="font-medium text-brand-700 underline"
                >
                  {t("add.inviteInstead")}
                </Link>
              ),
            })}
          </p>
        </>
      }
    >
      <AddEmployeeForm cancelTo={closeTo} />
    </Modal>
  );
}
