// SPEC.md section 9's formats, one module for the whole app (browser-safe, no data tables).
export { formatDecimalMoney, formatMoney, isCrypto, minorToDecimal, minorUnitsOf, CRYPTO, type CryptoCode } from './money';
export { formatDate, formatDateTime, formatSantiago, formatSeconds, formatTime, relativeTime, wallClock, zonedFormatter, SANTIAGO } from './date';
export { formatFileSize } from './file-size';
