import type { SVGProps } from 'react';

/** Small line icons drawn in the current text colour; decorative, so hidden from screen readers. */
function IconBase({ children, size = 24, ...props }: SVGProps<SVGSVGElement> & { size?: number }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
      focusable={false}
      {...props}
    >
      {children}
    </svg>
  );
}

export function SchoolIcon(props: SVGProps<SVGSVGElement> & { size?: number }) {
  return (
    <IconBase {...props}>
      <path d="M3 21h18" />
      <path d="M5 21V10l7-5 7 5v11" />
      <path d="M10 21v-5h4v5" />
      <path d="M12 5V2h3" />
      <path d="M8.5 12h.01M15.5 12h.01" />
    </IconBase>
  );
}

export function ChefHatIcon(props: SVGProps<SVGSVGElement> & { size?: number }) {
  return (
    <IconBase {...props}>
      <path d="M7 14a4 4 0 0 1-.6-7.95 5 5 0 0 1 9.2 0A4 4 0 0 1 17 14" />
      <path d="M7 14v5a1 1 0 0 0 1 1h8a1 1 0 0 0 1-1v-5" />
      <path d="M7 17h10" />
    </IconBase>
  );
}

export function EmptyPlateIcon(props: SVGProps<SVGSVGElement> & { size?: number }) {
  return (
    <IconBase {...props}>
      <circle cx="12" cy="12" r="6" />
      <circle cx="12" cy="12" r="3" />
      <path d="M2 5v4a1.5 1.5 0 0 0 3 0V5M3.5 9v10" />
      <path d="M22 19V5c-1.7 0-3 1.8-3 4.5V13h3" />
    </IconBase>
  );
}
