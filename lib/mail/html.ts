/** Escapes text for HTML element content and double-quoted attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Fills `{name}` placeholders; an unknown placeholder stays as written so a gap is visible. */
export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (Object.hasOwn(values, key) ? values[key] : whole));
}

export type HtmlParts = {
  lang: string;
  paragraphs: string[];
  action?: { label: string; href: string };
  rawLinkLabel?: string;
  closing?: string[];
  footer: string;
};

// Mail clients drop <style> blocks and scripts, so every style is inline and the layout
// is one narrow table. All text arrives unescaped and is escaped here, once.
export function renderHtml(parts: HtmlParts): string {
  const p = (text: string, style = 'margin:0 0 16px;') => `<p style="${style}">${escapeHtml(text)}</p>`;
  const body: string[] = parts.paragraphs.map((text) => p(text));
  if (parts.action) {
    const href = escapeHtml(parts.action.href);
    body.push(
      `<p style="margin:24px 0;"><a href="${href}" style="display:inline-block;padding:12px 20px;background:#2563eb;color:#ffffff;text-decoration:none;border-radius:6px;font-weight:600;">${escapeHtml(parts.action.label)}</a></p>`,
    );
    if (parts.rawLinkLabel) {
      body.push(p(parts.rawLinkLabel, 'margin:0 0 4px;font-size:13px;color:#555555;'));
      body.push(`<p style="margin:0 0 16px;font-size:13px;word-break:break-all;"><a href="${href}" style="color:#2563eb;">${href}</a></p>`);
    }
  }
  for (const text of parts.closing ?? []) body.push(p(text));
  body.push(p(parts.footer, 'margin:24px 0 0;font-size:12px;color:#777777;'));
  return [
    '<!DOCTYPE html>',
    `<html lang="${escapeHtml(parts.lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"></head>`,
    '<body style="margin:0;padding:24px;background:#f4f4f5;font-family:Arial,Helvetica,sans-serif;color:#18181b;line-height:1.5;">',
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;">',
    `<tr><td style="padding:32px;">${body.join('')}</td></tr>`,
    '</table></body></html>',
  ].join('');
}
