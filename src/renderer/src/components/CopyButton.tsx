import { useState } from 'react';
import { copyText } from './copy.js';

export function CopyButton({
  text,
  label,
  className = 'secondary',
}: {
  text: string;
  label: string;
  className?: string;
}) {
  const [copied, setCopied] = useState<boolean>();
  return (
    <button
      type="button"
      className={className}
      onClick={() => {
        void copyText(text).then((ok) => {
          setCopied(ok);
          setTimeout(() => setCopied(undefined), 2000);
        });
      }}
    >
      {copied === true ? 'Copied' : copied === false ? 'Copy failed' : label}
    </button>
  );
}
