import { describe, expect, it } from 'vitest';
import { isBot } from '@/lib/shell/bots';

const bots = {
  Googlebot: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  'Googlebot smartphone':
    'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.6099.71 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  bingbot: 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
  facebookexternalhit: 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
  Slackbot: 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
  Twitterbot: 'Twitterbot/1.0',
  DuckDuckBot: 'DuckDuckBot/1.1; (+http://duckduckgo.com/duckduckbot.html)',
  YandexBot: 'Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)',
  WhatsApp: 'WhatsApp/2.23.20.0',
  AhrefsBot: 'Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)',
};

const humans = {
  'desktop Chrome': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  Firefox: 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0',
  Safari: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  'iPhone Safari': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  'Playwright HeadlessChrome': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/124.0.6367.29 Safari/537.36',
  // "bot" inside a word is not a bot.
  'word containing bot': 'Mozilla/5.0 (compatible; Robotics-Lab-Browser/1.0) Abbott/2.0',
  // Nor is a Cubot phone, whose model name ends in "bot".
  'Cubot phone': 'Mozilla/5.0 (Linux; Android 10; CUBOT X30) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
};

describe('isBot', () => {
  it.each(Object.entries(bots))('%s → true', (_name, ua) => {
    expect(isBot(ua)).toBe(true);
  });

  it.each(Object.entries(humans))('%s → false', (_name, ua) => {
    expect(isBot(ua)).toBe(false);
  });

  it.each(['', undefined, null])('%j → false', (ua) => {
    expect(isBot(ua)).toBe(false);
  });

  it('is case-insensitive and stateless across calls', () => {
    expect(isBot('GOOGLEBOT/2.1')).toBe(true);
    expect(isBot('googlebot/2.1')).toBe(true);
    expect(isBot(humans.Firefox)).toBe(false);
    expect(isBot(bots.bingbot)).toBe(true);
  });
});
