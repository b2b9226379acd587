import { useEffect, useState } from 'react';

interface ConfirmButtonProps {
  /** e.g. "Delete" */
  label: string;
  /** e.g. "Really delete?" */
  confirmLabel: string;
  /** Accessible names of the two steps, naming the thing acted on. */
  ariaLabel: string;
  confirmAriaLabel: string;
  onConfirm(): void | Promise<void>;
  disabled?: boolean;
  small?: boolean;
}

/** A destructive action that asks once more on the same button, so no dialog takes the focus away; the question lapses after 4 s. */
export function ConfirmButton({
  label,
  confirmLabel,
  ariaLabel,
  confirmAriaLabel,
  onConfirm,
  disabled,
  small = true,
}: ConfirmButtonProps) {
  const [confirming, setConfirming] = useState(false);
  useEffect(() => {
    if (!confirming) return;
    const timer = setTimeout(() => setConfirming(false), 4000);
    return () => clearTimeout(timer);
  }, [confirming]);
  return (
    <button
      type="button"
      className={`${confirming ? 'danger' : 'secondary'}${small ? ' small' : ''}`}
      disabled={disabled}
      aria-label={confirming ? confirmAriaLabel : ariaLabel}
      onClick={() => {
        if (!confirming) {
          setConfirming(true);
          return;
        }
        setConfirming(false);
        void onConfirm();
      }}
    >
      {confirming ? confirmLabel : label}
    </button>
  );
}
