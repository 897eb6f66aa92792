import { createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { TextProvider, useLocale, useText } from '@/lib/i18n/client';

function Probe({ ns, k }: { ns: string; k: string }) {
  const t = useText(ns);
  return h('i', null, `${useLocale()}:${t(k, { n: 3 })}`);
}

describe('nested TextProvider', () => {
  it('adds its namespaces to the parent ones and keeps the parent locale', () => {
    const inner = h(TextProvider, {
      messages: { auth: { left: 'Quedan {n}' } },
      children: [h(Probe, { key: 1, ns: 'shell', k: 'close' }), h(Probe, { key: 2, ns: 'auth', k: 'left' })],
    });
    const html = renderToStaticMarkup(
      h(TextProvider, {
        locale: 'es',
        messages: { shell: { close: 'Cerrar' } },
        // Outside the nested provider its namespace is unknown: the key shows instead.
        children: [h(Probe, { key: 1, ns: 'shell', k: 'close' }), h('b', { key: 2 }, inner), h(Probe, { key: 3, ns: 'auth', k: 'left' })],
      }),
    );
    expect(html).toBe('<i>es:Cerrar</i><b><i>es:Cerrar</i><i>es:Quedan 3</i></b><i>es:auth.left</i>');
  });

  it('needs a locale at the top', () => {
    expect(() => renderToStaticMarkup(h(TextProvider, { messages: {}, children: 'x' }))).toThrow(/locale/);
  });
});
