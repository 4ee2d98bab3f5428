// The `messages` namespace in English (i18next's JSON format; docs/i18n-glossary.md).
import employerMessages from "./messages-employer";
import limitMessages from "./messages-limits";
import pushMessages from "./messages-push";
import complaintMessages from "./messages-complaints";
import stateRuleMessages from "./messages-state-rules";
import refusalMessages from "./messages-refusals";
const messages = {
  "The service is temporarily unavailable. Please try again shortly.":
    "The service is temporarily unavailable. Please try again shortly.",
  "Something went wrong. Please try again.":
    "Something went wrong. Please try again.",
  "Method not allowed": "Method not allowed",
  "Request body must be valid JSON": "Request body must be valid JSON",
  "Request body must be a JSON object": "Request body must be a JSON object",
  "Authentication required": "Authentication required",
  "You don't have permission to do this.":
    "You don't have permission to do this.",
  "Not found": "Not found",
  "Request body is too large": "Request body is too large",
  "Advance request not found.": "Advance request not found.",
  "Advance request not found": "Advance request not found",
  "Minimum amount is {{amount}}": "Minimum amount is {{amount}}",
  "Maximum amount is {{amount}}": "Maximum amount is {{amount}}",
  "Cancel failed": "Cancel failed",
  "Invalid request": "Invalid request",
  "Your {{amount}} advance is cancelled and back in your available balance. Nothing was charged.":
    "Your {{amount}} advance is cancelled and back in your available balance. Nothing was charged.",
  "Your {{amount}} request is cancelled.":
    "Your {{amount}} request is cancelled.",
  "Grocery stores only": "Grocery stores only",
  "Not set": "Not set",
  "Card being issued": "Card being issued",
  "Fee refunded": "Fee refunded",
  "Fee refunded. {{reason}}": "Fee refunded. {{reason}}",
  "Cancelled by the employee": "Cancelled by the employee",
  "Not paid for within {{days}} days of approval":
    "Not paid for within {{days}} days of approval",
  "The grocery card could not be issued":
    "The grocery card could not be issued",
  "This advance request was already cancelled.":
    "This advance request was already cancelled.",
  "This advance request was declined, so there is nothing to cancel.":
    "This advance request was declined, so there is nothing to cancel.",
  "This advance has been paid for, so it can no longer be cancelled.":
    "This advance has been paid for, so it can no longer be cancelled.",
  "Request cancelled": "Request cancelled",
  "{{label}} is required": "{{label}} is required",
  "Must be at most {{max}} characters": "Must be at most {{max}} characters",
  "{{label}} cannot contain line breaks or control characters":
    "{{label}} cannot contain line breaks or control characters",
  "Invalid email address": "Invalid email address",
  "Password is required": "Password is required",
  "Password must be at least 6 characters":
    "Password must be at least 6 characters",
  "Password must be at most 200 characters":
    "Password must be at most 200 characters",
  "This password is too common or easy to guess. Try a longer one, such as a few unrelated words.":
    "This password is too common or easy to guess. Try a longer one, such as a few unrelated words.",
  Username: "Username",
  "First name": "First name",
  "Last name": "Last name",
  "Company name": "Company name",
  Department: "Department",
  "Invalid username or password.": "Invalid username or password.",
  "Username is already taken": "Username is already taken",
  "Too many registrations from this network. Please wait a few minutes and try again.":
    "Too many registrations from this network. Please wait a few minutes and try again.",
  "Too many sign-in attempts. Please wait a few minutes and try again.":
    "Too many sign-in attempts. Please wait a few minutes and try again.",
  "Your sign-in took too long. Please sign in again.":
    "Your sign-in took too long. Please sign in again.",
  "Enter the 6-digit code from your authenticator app":
    "Enter the 6-digit code from your authenticator app",
  "That code is too long": "That code is too long",
  "Invalid or already used two-factor code.":
    "Invalid or already used two-factor code.",
  "Too many two-factor attempts. Please wait a few minutes and try again.":
    "Too many two-factor attempts. Please wait a few minutes and try again.",
  "Login successful": "Login successful",
  "Welcome back, {{name}}!": "Welcome back, {{name}}!",
  "Registration successful": "Registration successful",
  "Welcome to Grocery Advance, {{name}}!":
    "Welcome to Grocery Advance, {{name}}!",
  "Logged out": "Logged out",
  "You have been successfully logged out.":
    "You have been successfully logged out.",
  "Enter your username or e-mail address":
    "Enter your username or e-mail address",
  "Passwords do not match": "Passwords do not match",
  "If an account matches what you entered, we have sent an e-mail with a link to choose a new password. The link works once, for 30 minutes.":
    "If an account matches what you entered, we have sent an e-mail with a link to choose a new password. The link works once, for 30 minutes.",
  "This link to reset your password has expired or has already been used. Ask for a new one.":
    "This link to reset your password has expired or has already been used. Ask for a new one.",
  "Too many password reset requests. Please wait a few minutes and try again.":
    "Too many password reset requests. Please wait a few minutes and try again.",
  "Your password was changed and every session was signed out. Sign in with your new password.":
    "Your password was changed and every session was signed out. Sign in with your new password.",
  "Password changed": "Password changed",
  "The service is temporarily unavailable.":
    "The service is temporarily unavailable.",
  "Invalid form": "Invalid form",
  "Choose English or Spanish": "Choose English or Spanish",
  ...employerMessages,
  ...limitMessages,
  ...pushMessages,
  ...complaintMessages,
  ...stateRuleMessages,
  ...refusalMessages,
};

export default messages;
