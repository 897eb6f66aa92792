import { HttpError } from '../http/errors';
import { cleanFileName, detectFileType } from '../projects/files';
import { privateFileResponse } from '../storage/download';
import { storage } from '../storage';
import { INVOICE_LIMITS } from './schemas';
import type { ProofFile } from './tables';

/** What a transfer proof may be, judged by its bytes: a PDF or a picture of the receipt. */
const PROOF_TYPES = new Set(['application/pdf', 'image/png', 'image/jpeg', 'image/webp']);

export const proofLimits = {
  limit: INVOICE_LIMITS.proofBytes + 64 * 1024,
  fileParts: /^proof$/,
  maxFiles: 1,
  fileBytes: INVOICE_LIMITS.proofBytes,
  fileTooLarge: () => new HttpError(413, 'invoicesProofTooLarge', { proof: 'invoicesProofTooLarge' }, { max: INVOICE_LIMITS.proofBytes / 1024 / 1024 }),
};

/** Checks and stores the proof in private storage; the caller removes it if its transaction fails. */
export async function storeProof(projectId: string, invoiceId: string, file: File | undefined): Promise<ProofFile> {
  if (!file) throw new HttpError(400, 'invalidInput', { proof: 'invoicesProofRequired' });
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = detectFileType(bytes, file.name);
  if (!type || !PROOF_TYPES.has(type)) throw new HttpError(415, 'invoicesProofType', { proof: 'invoicesProofType' });
  const key = `invoices/${projectId}/${invoiceId}/${crypto.randomUUID()}`;
  await storage().put(key, bytes, type);
  return { key, name: cleanFileName(file.name), type, size: bytes.byteLength };
}

export async function removeProof(key: string): Promise<void> {
  await storage()
    .delete(key)
    .catch(() => undefined);
}

export function proofResponse(proof: ProofFile | null): Promise<Response> {
  if (!proof) throw new HttpError(404, 'notFound');
  return privateFileResponse({
    key: proof.key,
    name: proof.name,
    type: proof.type,
    inline: proof.type !== 'application/pdf',
    cacheControl: 'private, no-store',
  });
}
