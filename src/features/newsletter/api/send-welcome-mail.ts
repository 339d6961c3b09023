import { env } from '@/config/env';

/**
 * Sends the optional EmailJS welcome mail. EmailJS is loaded only when it is configured, and its
 * result is only logged (docs/product.md §7): the subscription itself already succeeded on our server.
 */
export async function sendWelcomeMail(email: string): Promise<void> {
  const config = env.emailjs;
  if (!config) return;
  try {
    const emailjs = await import('@emailjs/browser');
    const result = await emailjs.send(
      config.serviceId,
      config.templateId,
      { user_email: email },
      { publicKey: config.publicKey },
    );
    console.info('Newsletter welcome mail sent:', result.status, result.text);
  } catch (error) {
    console.warn('Newsletter welcome mail failed:', error);
  }
}
