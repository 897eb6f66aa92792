// Crawlers and link previewers get status codes, not rendered error pages.
const BOT_PATTERN =
  /(?<!cu)bot\b|crawler|spider|crawling|slurp|bingpreview|facebookexternalhit|embedly|quora link preview|outbrain|pinterest|vkshare|w3c_validator|whatsapp|telegrambot|discordbot|slackbot|ahrefs|semrush|yandex|baiduspider|duckduckgo/i;

export function isBot(userAgent: string | null | undefined): boolean {
  return Boolean(userAgent && BOT_PATTERN.test(userAgent));
}
