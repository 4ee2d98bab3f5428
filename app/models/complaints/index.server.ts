// Complaints: an employee's complaints and disputes, and the company's queue of them.
// The domain's public face: code outside app/models/complaints/ imports it only from here
// (tests/unit/layers.test.ts).

export {
  fileComplaint,
  listCompanyComplaints,
  listOwnComplaints,
  resolveComplaint,
  reviewComplaint,
  sendComplaintReminders,
  toPublicComplaint,
  type ComplaintView,
  type QueuedComplaint,
} from "./complaints.server";
