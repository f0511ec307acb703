// /forgot-password on its own: the Forgot password dialog lives on the sign-in page.
import { redirect } from 'next/navigation';

export default function ForgotPasswordPage() {
  redirect('/signin?forgot=1');
}
