/** What a provider is asked for: the style's template already filled with the user's prompt. */
export type ImageRequest = { prompt: string; negativePrompt: string; width: number; height: number };

/** Turns a prompt into image bytes (WebP). Throwing fails the attempt; the queue retries. */
export interface ImageProvider {
  readonly name: string;
  generate(request: ImageRequest): Promise<Uint8Array>;
}
