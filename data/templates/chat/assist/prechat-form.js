// The pre-chat form: name required, email optional, the question; a missing required field is
// marked and the message says which.

const LABELS = { visitorName: "Name", email: "Email", question: "Your question" };

/** The form's answers, or `null` after marking what is missing or wrong. */
export function readPrechat(form) {
  const problem = form.querySelector("#prechat-problem");
  const fields = [...form.elements].filter((element) => element.name in LABELS);
  for (const field of fields) field.removeAttribute("aria-invalid");
  const missing = fields.filter((field) => field.required && !field.value.trim());
  const badEmail = fields.find((field) => field.type === "email" && field.value.trim() && !field.checkValidity());
  const wrong = missing.length ? missing : badEmail ? [badEmail] : [];
  if (wrong.length) {
    for (const field of wrong) {
      field.setAttribute("aria-invalid", "true");
      field.setAttribute("aria-describedby", "prechat-problem");
    }
    problem.textContent = missing.length
      ? `Please fill in: ${missing.map((field) => LABELS[field.name]).join(", ")}.`
      : "Please enter a valid email address, or leave it empty.";
    problem.hidden = false;
    wrong[0].focus();
    return null;
  }
  problem.hidden = true;
  return Object.fromEntries(fields.map((field) => [field.name, field.value.trim()]));
}

/** Fills the form's fields named in `data`; returns whether every required field now has a value. */
export function fillPrechat(form, data) {
  for (const [name, value] of Object.entries(data)) {
    const field = form.elements.namedItem(name);
    if (field && name in LABELS && typeof value === "string") field.value = value;
  }
  return [...form.elements].every((field) => !field.required || field.value.trim());
}

/** The answers as `hello.preChat`: label and value, in the form's order, empty ones left out. */
export function prechatAnswers(answers) {
  return Object.entries(LABELS)
    .filter(([name]) => answers[name])
    .map(([name, label]) => ({ label, value: answers[name] }));
}
