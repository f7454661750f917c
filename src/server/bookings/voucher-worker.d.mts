/** Types of voucher-worker.mjs (plain JavaScript, so that it runs as a forked process from the sources and the build alike). */
export type VoucherAnswer = { ok: true; pdf: Uint8Array } | { ok: false; message: string };
