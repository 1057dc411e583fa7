/**
 * A device's machine access and QR code (spec §5 QR pixel size 300–4000):
 * activating it (or resetting its secret, asked first) shows the secret once;
 * the QR code is drawn with `qrcode` at the chosen size and saved through the
 * native save dialog on the desktop, as a download in browser mode.
 */
import {
  Button,
  Card,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Text,
  tokens,
} from '@fluentui/react-components';
import { ArrowDownloadRegular, CopyRegular, KeyRegular } from '@fluentui/react-icons';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { QR_SIZE, type DeviceDetail } from '../../shared/device/index.js';
import { useOp, useOpMutation } from '../bridge.js';
import { saveFile } from '../app/save.js';
import { ConfirmDialog, useGuardedAction, useScreen } from '../kit/index.js';

const useStyles = makeStyles({
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  row: { display: 'flex', alignItems: 'flex-end', gap: tokens.spacingHorizontalL, flexWrap: 'wrap' },
  preview: {
    width: '160px',
    height: '160px',
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  // The size box and its Save button on one line, the hint and any error under both: nothing moves the button.
  size: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  sizeInput: { width: '120px' },
  secret: { fontFamily: tokens.fontFamilyMonospace, overflowWrap: 'anywhere', userSelect: 'all' },
});

/** The size typed, if it is a whole number within the spec's range. */
export function qrSizeOf(text: string): number | undefined {
  const n = Number(text.trim());
  return /^\d+$/.test(text.trim()) && n >= QR_SIZE.min && n <= QR_SIZE.max ? n : undefined;
}

export function MachineCard({ device }: { device: DeviceDetail }) {
  const { t, notify, report } = useScreen();
  const styles = useStyles();
  const qr = useOp('device.qrcode', { params: { id: device.id } });
  const activate = useOpMutation('device.activate', { invalidates: ['device.info', 'device.page'] });
  const [confirming, setConfirming] = useState(false);
  const [issued, setIssued] = useState<{ serial: string; secret: string } | null>(null);
  const [sizeText, setSizeText] = useState(String(QR_SIZE.default));
  // Checked on Save, then live while typing (the kit's rule: an error never appears under the pointer on leaving the box).
  const [tried, setTried] = useState(false);
  const sizeError = tried && qrSizeOf(sizeText) === undefined ? t('device.machine.qrSizeInvalid') : undefined;
  const [preview, setPreview] = useState<string | undefined>();

  useEffect(() => {
    if (!qr.data) return;
    let live = true;
    // The preview as SVG: a PNG of it (a canvas drawn, then encoded) took 30–40 ms of the device page's first draw on a
    // slow machine; the file saved below stays a PNG of the chosen size.
    QRCode.toString(qr.data.content, { type: 'svg', margin: 2 }).then(
      (svg) => {
        if (live) setPreview(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
      },
      () => {},
    );
    return () => {
      live = false;
    };
  }, [qr.data]);

  const issue = useGuardedAction(async () => {
    try {
      setIssued(await activate.mutateAsync({ params: { id: device.id } }));
      notify(t('device.machine.issued'));
    } catch (error) {
      report(error, { fallback: t('device.machine.issueFailed') });
    }
  });

  const save = useGuardedAction(async () => {
    const size = qrSizeOf(sizeText);
    setTried(true);
    if (size === undefined || !qr.data) return;
    try {
      const url = await QRCode.toDataURL(qr.data.content, { width: size, margin: 2 });
      if (await saveFile(`${device.serial}-${size}px.png`, 'image/png', url.slice(url.indexOf(',') + 1)))
        notify(t('device.machine.qrSaved'));
    } catch (error) {
      report(error, { fallback: t('device.machine.qrFailed') });
    }
  });

  return (
    <Card className={styles.card}>
      <Text weight="semibold">{t('device.machine.title')}</Text>
      <div className={styles.row}>
        <Text data-testid="machine-state">
          {t(device.activated ? 'device.machine.activated' : 'device.machine.notActivated')}
        </Text>
        <Button
          icon={<KeyRegular />}
          disabledFocusable={issue.busy}
          onClick={() => (device.activated ? setConfirming(true) : void issue.run())}
          data-testid="machine-activate"
        >
          {t(device.activated ? 'device.machine.reissue' : 'device.machine.activate')}
        </Button>
      </div>
      <div className={styles.row}>
        {preview && (
          <img
            className={styles.preview}
            src={preview}
            alt={t('device.machine.qrAlt', { name: device.name })}
            data-testid="machine-qr"
          />
        )}
        <Field
          label={t('device.machine.qrSize')}
          hint={t('device.machine.qrSizeHint')}
          validationMessage={sizeError}
          validationState={sizeError ? 'error' : 'none'}
        >
          {(field) => (
            <div className={styles.size}>
              <Input
                {...field}
                className={styles.sizeInput}
                value={sizeText}
                inputMode="numeric"
                onChange={(_, d) => setSizeText(d.value)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') void save.run();
                }}
                data-testid="machine-qr-size"
              />
              <Button
                icon={<ArrowDownloadRegular />}
                disabledFocusable={save.busy || !qr.data}
                onClick={() => void save.run()}
                data-testid="machine-qr-save"
              >
                {t('device.machine.qrSave')}
              </Button>
            </div>
          )}
        </Field>
      </div>
      <ConfirmDialog
        open={confirming}
        danger
        title={t('device.machine.reissue')}
        text={t('device.machine.reissueConfirm')}
        confirmLabel={t('device.machine.reissue')}
        onConfirm={async () => {
          setConfirming(false);
          await issue.run();
        }}
        onCancel={() => setConfirming(false)}
      />
      {issued && (
        <Dialog
          open
          onOpenChange={(_, d) => {
            if (!d.open) setIssued(null);
          }}
        >
          <DialogSurface aria-describedby={undefined}>
            <DialogBody>
              <DialogTitle>{t('device.machine.secretTitle')}</DialogTitle>
              <DialogContent>
                <MessageBar intent="warning">
                  <MessageBarBody>{t('device.machine.secretHint')}</MessageBarBody>
                </MessageBar>
                <p>
                  <Text weight="semibold">{t('device.machine.serial')}</Text>{' '}
                  <span data-testid="machine-secret-serial">{issued.serial}</span>
                </p>
                <p className={styles.secret} data-testid="machine-secret">
                  {issued.secret}
                </p>
              </DialogContent>
              <DialogActions>
                <Button
                  icon={<CopyRegular />}
                  onClick={() =>
                    void navigator.clipboard?.writeText(issued.secret).then(
                      () => notify(t('device.machine.copied')),
                      () => {},
                    )
                  }
                  data-testid="machine-secret-copy"
                >
                  {t('device.machine.copy')}
                </Button>
                <Button appearance="primary" onClick={() => setIssued(null)} data-testid="machine-secret-close">
                  {t('common.close')}
                </Button>
              </DialogActions>
            </DialogBody>
          </DialogSurface>
        </Dialog>
      )}
    </Card>
  );
}
