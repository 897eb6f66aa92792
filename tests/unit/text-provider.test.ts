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
    const html = renderToStaticMarkup(
      h(
        TextProvider,
        { locale: 'es', messages: { shell: { close: 'Cerrar' } } },
        h(Probe, { ns: 'shell', k: 'close' }),
        h(TextProvider, { messages: { auth: { left: 'Quedan {n}' } } }, h(Probe, { ns: 'shell', k: 'close' }), h(Probe, { ns: 'auth', k: 'left' })),
        // Outside the nested provider its namespace is unknown: the key shows instead.
        h(Probe, { ns: 'auth', k: 'left' }),
      ),
    );
    expect(html).toBe('<i>es:Cerrar</i><i>es:Cerrar</i><i>es:Quedan 3</i><i>es:auth.left</i>');
  });

  it('needs a locale at the top', () => {
    expect(() => renderToStaticMarkup(h(TextProvider, { messages: {} }, 'x'))).toThrow(/locale/);
  });
});
