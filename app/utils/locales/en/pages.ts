// The `pages` namespace in English: the public pages (/how-it-works with the advance
// calculator, /terms; docs/i18n-glossary.md).
const pages = {
  header: {
    account: "Account",
    login: "Login",
    signUp: "Sign Up",
  },
  hero: {
    heading: "Grocery money before payday, repaid automatically",
    text: "Grocery Advance lets employees get a {{range}} advance for groceries, approved by their employer, spent on a grocery-only card and repaid from their paycheck. A flat {{fee}} fee, no interest.",
    getStarted: "Get Started",
    tryCalculator: "Try the calculator",
  },
  range: "{{min}} to {{max}}",
  features: {
    heading: "Why Grocery Advance",
    easy: {
      title: "Easy Requests",
      text: "Ask for {{range}} in a minute from your phone or computer, with no credit check.",
    },
    approval: {
      title: "Employer Approval",
      text: "Your employer reviews each request, usually within hours, so advances stay responsible.",
    },
    cards: {
      title: "Grocery-Only Cards",
      text: "Funds arrive on a virtual card that works only at grocery stores and supermarkets.",
    },
    deductions: {
      title: "Automatic Payroll Deductions",
      text: "Repayment comes out of your next 1 to 3 paychecks. Nothing to remember, no interest.",
    },
    tracking: {
      title: "Real-Time Tracking",
      text: "Follow every request, card and deduction as it happens, on any device.",
    },
  },
  steps: {
    heading: "How it works",
    step: "Step {{number}}: ",
    request: {
      title: "You request an advance",
      text: "Choose an amount between {{min}} and {{max}} and how many pay periods to repay it over.",
    },
    review: {
      title: "Your employer reviews it",
      text: "Your employer approves or declines the request from their dashboard.",
    },
    pay: {
      title: "You complete the payment",
      text: "Press Pay: only the flat {{fee}} processing fee is authorized on your card, and charged when your grocery card is issued. The advance itself goes onto the grocery card; it is never charged to your card.",
    },
    card: {
      title: "Your grocery card is issued",
      text: "A virtual card restricted to grocery stores is ready to use right away.",
    },
    repay: {
      title: "Repayment is automatic",
      text: "Payroll deducts the advance from your paycheck over 1 to 3 pay periods, starting once your card is issued. An approved advance you never pay for is never deducted.",
    },
  },
  cta: {
    heading: "Ready to get started?",
    text: "Create your account in minutes. Employers can set up their company today.",
    signUp: "Sign Up Now",
  },
  footer: {
    contact: "Contact",
    hours: "Monday to Friday, 9am to 5pm",
    company: "Company",
    about: "About Us",
    careers: "Careers",
    press: "Press",
    resources: "Resources",
    howItWorks: "How It Works",
    calculator: "Advance Calculator",
    accountHelp: "Account Help",
    legal: "Legal",
    privacy: "Privacy Policy",
    termsOfService: "Terms of Service",
    cardholder: "Cardholder Agreement",
    notice:
      "© {{year}} Grocery Advance. Advances are offered through your employer's payroll program. Legal documents are available on request from {{email}}.",
  },
  calculator: {
    heading: "Advance Calculator",
    intro: "See what an advance costs before you ask for one.",
    advanceAmount: "Advance amount",
    amountUsd: "Amount (USD)",
    between: "Between {{min}} and {{max}}.",
    nextPayDate: "Next pay date",
    calculate: "Calculate",
    summary: "Your Advance Summary",
    fee: "Processing fee",
    whyFee: "Why this fee?",
    companyPaysFee:
      "Your company pays the flat {{fee}} fee for you, so the advance costs you nothing: no fee, no interest and no hidden charges.",
    flatFee:
      "A flat {{fee}} covers issuing your grocery card and processing the payroll deduction. It is the same for every amount, with no interest and no hidden charges.",
    totalRepayment: "Total repayment",
    repaymentDate: "Repayment date",
    totalCompany:
      "Total repayment: {{amount}}, deducted from your pay. Your company pays the fee.",
    totalEmployee:
      "Total repayment: {{amount}}, deducted from your pay. The {{fee}} fee is paid apart, on your own card, when your grocery card is issued.",
    apr: "Annual percentage rate (APR)",
    aprExplained:
      "The APR is the fee as a yearly rate over the days until your pay date, to compare with other credit.",
    showDetails: "Show Details",
    hideDetails: "Hide Details",
    details: {
      ask: "You ask for {{min}} to {{max}}; your employer approves or declines the request.",
      pay: "Once approved, you press Pay: only the fee is authorized on your card, and it is charged when your virtual card, which works only in grocery stores, is issued. The advance goes onto that card and is never charged to your own card.",
      deducted:
        "The advance is deducted from your paycheck automatically, over 1 to 3 pay periods starting on your next pay date after the card is issued.",
    },
    request: "Request an Advance",
  },
  terms: {
    title: "Terms",
    heading: "Grocery Advance terms",
    version: "Version {{version}}, in effect from {{date}}.",
    items: {
      advance:
        "An advance is {{range}} of your pay, requested from your employer. It is put on a virtual card that works only in grocery stores and supermarkets ({{restriction}}).",
      cost: "The only cost is a flat processing fee of {{fee}} per advance. There is no interest and there are no other charges. The fee is authorized on your own card at checkout and charged when your grocery card is issued; if the grocery card cannot be issued, the authorization is released and nothing is charged. The advance itself is never charged to your own card.",
      disclosure:
        "Before you request and again at checkout we show the fee, the total you repay, each payroll deduction's date and amount, and the cost as an annual percentage rate (APR), worked out by the actuarial method of Regulation Z, appendix J.",
      repayment:
        "You repay the advance only by deductions from your pay, over the 1 to 3 pay periods you chose, starting with the first pay date after your card is issued. We have no other way to collect it: what a paycheck cannot cover moves to the next pay date.",
      expiry:
        "After your employer approves, you have {{days}} days to pay the fee at checkout; after that the approval expires and nothing is owed. You may cancel a request until you pay.",
      versions:
        "By paying at checkout you accept the version of these terms shown there; we record that version and the time on your advance. A later version applies only to advances you request after it is published.",
    },
    back: "Back to Grocery Advance",
  },
};

export default pages;
