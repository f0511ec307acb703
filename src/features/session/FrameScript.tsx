'use client';
// The first frame's inline script (./first-frame.ts), handed over from the server in pieces of under
// 1,024 characters and joined here. React's server stream sends a longer string as a row of its own,
// which the HTML's renderer could meet unresolved: it then sent the island's whole boundary after the
// page's shell, hidden, for React to reveal 300 ms after the shell's first paint (its reveal
// throttle), and the frame missed the first paint in most loads. In pieces the text is part of the
// frame's own row, so the frame is in the shell's HTML. Tiny, so nothing of the script's code ships.
export function FrameScript({ parts, nonce }: { parts: string[]; nonce?: string }) {
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: parts.join('') }} />;
}
