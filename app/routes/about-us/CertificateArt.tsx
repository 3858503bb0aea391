// Simple drawn certificates for the about page (no scans of real documents are published): a sheet
// with a coloured header, text lines and a seal, each kind with its own colour and emblem.

export type CertificateKind = 'license' | 'qualification' | 'permit' | 'lading';

const THEME: Record<CertificateKind, { band: string; seal: string; paper: string }> = {
  license: { band: '#b91c1c', seal: '#dc2626', paper: '#fffaf5' },
  qualification: { band: '#19437b', seal: '#f67c12', paper: '#f8fbff' },
  permit: { band: '#0f766e', seal: '#dc2626', paper: '#f7fdfb' },
  lading: { band: '#334155', seal: '#2c69b4', paper: '#fbfbfc' },
};

function Emblem({ kind, color }: { kind: CertificateKind; color: string }) {
  switch (kind) {
    case 'license':
      // A five-pointed star, as on Chinese business licences.
      return <path d="M60 26l3.5 7.2 7.9 1.1-5.7 5.6 1.3 7.9L60 44.1l-7 3.7 1.3-7.9-5.7-5.6 7.9-1.1z" fill="#facc15" />;
    case 'qualification':
      // A rosette with ribbons.
      return (
        <g>
          <path d="M54 44l-4 14 6-3 3 5 3-14zM66 44l4 14-6-3-3 5-3-14z" fill={color} />
          <circle cx="60" cy="38" r="10" fill="#facc15" stroke="#fff" strokeWidth="2" />
        </g>
      );
    case 'permit':
      // A globe.
      return (
        <g fill="none" stroke="#fff" strokeWidth="2">
          <circle cx="60" cy="37" r="10" />
          <path d="M50 37h20M60 27c4 4 4 16 0 20M60 27c-4 4-4 16 0 20" />
        </g>
      );
    case 'lading':
      // A cargo ship.
      return (
        <g fill="#fff">
          <path d="M46 40h28l-4 8H50z" />
          <rect x="52" y="32" width="6" height="7" />
          <rect x="59" y="32" width="6" height="7" />
          <rect x="55.5" y="25" width="6" height="6" />
        </g>
      );
  }
}

export function CertificateArt({ kind, className = '' }: { kind: CertificateKind; className?: string }) {
  const t = THEME[kind];
  const lines = kind === 'lading' ? [78, 88, 98, 108, 118] : [80, 90, 100, 110];
  return (
    <svg viewBox="0 0 120 160" className={className} aria-hidden="true" focusable="false">
      <rect x="4" y="4" width="112" height="152" rx="6" fill={t.paper} stroke="#e2e8f0" strokeWidth="2" />
      <rect x="10" y="10" width="100" height="140" rx="3" fill="none" stroke={t.band} strokeOpacity="0.35" strokeWidth="1.5" />
      <rect x="10" y="10" width="100" height="52" rx="3" fill={t.band} />
      <Emblem kind={kind} color={t.seal} />
      {kind === 'lading'
        ? lines.map((y) => (
            <g key={y}>
              <rect x="18" y={y} width="38" height="4" rx="2" fill="#cbd5e1" />
              <rect x="62" y={y} width="40" height="4" rx="2" fill="#e2e8f0" />
            </g>
          ))
        : lines.map((y, i) => <rect key={y} x="18" y={y} width={i % 2 ? 64 : 84} height="4" rx="2" fill="#cbd5e1" />)}
      <circle cx="88" cy="134" r="13" fill="none" stroke={t.seal} strokeWidth="2.5" strokeOpacity="0.85" />
      <circle cx="88" cy="134" r="8.5" fill="none" stroke={t.seal} strokeWidth="1.2" strokeOpacity="0.85" />
      <path d="M88 128.5l1.6 3.3 3.6.5-2.6 2.5.6 3.6-3.2-1.7-3.2 1.7.6-3.6-2.6-2.5 3.6-.5z" fill={t.seal} fillOpacity="0.85" />
      <rect x="18" y="136" width="40" height="3" rx="1.5" fill="#94a3b8" />
    </svg>
  );
}
