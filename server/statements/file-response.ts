/** A download: the body streamed as it is produced, never cached, saved under `filename`. */
export function fileResponse(
  body: ReadableStream<Uint8Array>,
  contentType: 'text/csv' | 'application/pdf',
  filename: string,
): Response {
  return new Response(body, {
    headers: {
      'Content-Type': contentType === 'text/csv' ? 'text/csv; charset=utf-8' : contentType,
      'Content-Disposition': `attachment; filename="${filename.replace(/[^\w.-]/g, '_')}"`,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  })
}

/** A web stream that asks `source` for the next piece only when the reader wants more. */
export function pulledStream(source: AsyncIterator<Uint8Array>): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const next = await source.next()
        if (next.done) controller.close()
        else controller.enqueue(next.value)
      },
      async cancel() {
        await source.return?.()
      },
    },
    { highWaterMark: 1 },
  )
}
