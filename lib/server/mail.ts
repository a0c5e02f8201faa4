// Optional e-mail of invitation and password-reset links (D11): only when SMTP_URL is set
// (e.g. smtp://user:pass@mail.example.com:587, smtps://… for TLS; MAIL_FROM sets the sender).
// Without it the link is copied from the answer and nothing is sent. A failed send is logged
// without the link (it holds a secret) and answered as not e-mailed: the link still works.
import { createTransport, type Transporter } from 'nodemailer';

export type LinkMail = { kind: 'invite' | 'reset'; to: string; url: string; company: string };

let transport: { url: string; transporter: Transporter } | undefined;

function transporter(url: string): Transporter {
  if (transport?.url !== url) transport = { url, transporter: createTransport(url) };
  return transport.transporter;
}

function message(mail: LinkMail): { subject: string; text: string } {
  const company = mail.company || 'your company';
  if (mail.kind === 'invite') {
    return {
      subject: `You are invited to ${company}`,
      text: `You have been invited to join ${company} in the agent orchestration console.\n\nOpen this link within 72 hours to choose your name and password (it works once):\n${mail.url}\n`,
    };
  }
  return {
    subject: `Reset your password for ${company}`,
    text: `A password reset was requested for your account in ${company}.\n\nOpen this link within 72 hours to set a new password (it works once):\n${mail.url}\n`,
  };
}

/** Sends the link; true once the server accepted the mail, false without SMTP_URL or on failure. */
export async function sendLink(mail: LinkMail): Promise<boolean> {
  const url = process.env.SMTP_URL?.trim();
  if (!url) return false;
  try {
    await transporter(url).sendMail({ from: process.env.MAIL_FROM?.trim() || 'console@localhost', to: mail.to, ...message(mail) });
    return true;
  } catch (error) {
    console.warn(`[mail] the ${mail.kind === 'invite' ? 'invitation' : 'password reset'} mail could not be sent: ${error instanceof Error ? error.name : 'error'}`);
    return false;
  }
}
