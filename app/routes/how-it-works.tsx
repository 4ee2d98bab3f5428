import type { MetaFunction } from "@remix-run/node";
import { LinkButton } from "~/components/ui/button";

// The marketing page; its sections and the calculator are built by their own issue.
export default function HowItWorks() {
  return (
    <div className="min-h-screen">
      <header className="flex items-center justify-between border-b bg-white px-6 py-4">
        <span className="text-lg font-bold text-brand-800">
          Grocery Advance
        </span>
        <nav className="flex gap-2">
          <LinkButton to="/auth" variant="ghost">
            Login
          </LinkButton>
          <LinkButton to="/auth?tab=register">Sign Up</LinkButton>
        </nav>
      </header>
      <main className="mx-auto max-w-4xl px-6 py-16">
        <h1 className="text-4xl font-bold text-gray-900">
          How Grocery Advance works
        </h1>
        <LinkButton to="/auth?tab=register" className="mt-8">
          Get Started
        </LinkButton>
      </main>
    </div>
  );
}

export const meta: MetaFunction = () => [
  { title: "How It Works · Grocery Advance" },
];
