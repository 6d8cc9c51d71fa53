/** The contact form's texts (seed sections 5, 7 and 8), word for word where the seed gives them. */
export const CONTACT_MESSAGES = {
  nameRequired: 'Name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  messageRequired: 'Message is required',
  sent: 'Message sent!',
  captchaRequired: 'CAPTCHA Required: Please complete the CAPTCHA verification.',
  invalidResponse: 'Received invalid response from server',
  submitFailed: 'Failed to submit contact form',
  failureTitle: 'Submission failed',
  failureFallback: 'Please try again later.',
} as const;
