import type { ProviderError } from '../../shared/provider-error'

/** What servers say when the model cannot see images (OpenAI, Ollama, LM Studio, vLLM, llama.cpp wordings). */
const NO_VISION = /\b(image|images|vision|multimodal|multi-modal|image_url|input_image)\b/i

/**
 * Whether a request that carried images was refused because the model takes none: a 4xx refusal
 * (not a key, quota, rate or filter problem) whose words are about images. Only asked when the
 * request did carry images, so a refusal about anything else is never blamed on them.
 */
export function isImageRefusal(error: Pick<ProviderError, 'kind' | 'status' | 'message'>): boolean {
  const refused =
    error.kind === 'invalid-request' ||
    (error.kind === 'provider' && error.status !== undefined && error.status >= 400 && error.status < 500)
  return refused && NO_VISION.test(error.message)
}
