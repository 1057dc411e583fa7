/**
 * /login inside the console (after a sign-out, or a session ended here): the
 * same sign-in page the entry shows (SignInPage.tsx); a sign-in becomes the
 * console's session and the guard goes on to the wanted path or /.
 */
import { useQueryClient } from '@tanstack/react-query';
import { preloadShell, startSession } from '../app/session.js';
import { SignInPage } from './SignInPage.js';

export default function LoginPage() {
  const client = useQueryClient();
  return <SignInPage onSubmitted={preloadShell} onSignedIn={(user) => startSession(client, user)} />;
}
