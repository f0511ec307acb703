// The focus screen's icons, drawn by CSS masks (./session.css) in the text colour.
export const Icon = ({ name, size = 'size-4' }: { name: string; size?: string }) => <span aria-hidden className={`fs-icon fs-icon-${name} ${size}`} />;
