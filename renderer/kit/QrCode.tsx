/**
 * A payment's QR code and the time it is good for, as every pay dialog of the console draws them (a renewal's,
 * a member's top-up): the code a platform (or the sandbox) answered, drawn in the page, a spinner until it is.
 * Imported by its own path, not through the kit's index, which the sign-in page loads: re-exported there it
 * took bytes from that page's budget for screens behind the lazy boundary only.
 */
import { makeStyles, Spinner } from '@fluentui/react-components';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

const useStyles = makeStyles({ qr: { width: '200px', height: '200px', imageRendering: 'pixelated' } });

export function QrCode({ value, alt, testId }: { value: string; alt: string; testId: string }) {
  const styles = useStyles();
  const [qr, setQr] = useState<string>();
  useEffect(() => {
    void QRCode.toDataURL(value, { width: 200, margin: 1 }).then(setQr);
  }, [value]);
  return qr ? <img className={styles.qr} src={qr} alt={alt} data-testid={testId} /> : <Spinner />;
}

/** Minutes and seconds left until `until`, ticking each second (never below zero). */
export function useCountdown(until: string): { minutes: number; seconds: number } {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const left = Math.max(0, Math.floor((Date.parse(until) - now) / 1000));
  return { minutes: Math.floor(left / 60), seconds: left % 60 };
}
