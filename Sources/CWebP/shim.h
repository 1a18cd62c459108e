#ifndef LAMINA_CWEBP_SHIM_H
#define LAMINA_CWEBP_SHIM_H
#include <webp/decode.h>
#include <webp/encode.h>
#include <stdlib.h>

/*
 * lamina_webp_encode: straight-alpha 8-bit RGBA to a WebP in memory with libwebp's advanced API.
 * lossless != 0: lossless, `quality` 0-100 is the effort; else lossy at `quality` 0-100. `method` 0-6
 * trades speed (0) for size (6). `progress` (may be NULL) is called with `progress_data` as the picture's
 * user_data while encoding; returning 0 from it stops the encode (error VP8_ENC_ERROR_USER_ABORT). On success *out is a buffer of *size bytes to release with WebPFree.
 * Returns 1, or 0 with libwebp's error code in *error.
 */
static inline int lamina_webp_encode(const unsigned char *rgba, int width, int height, int lossless, float quality,
                                     int method, WebPProgressHook progress, void *progress_data,
                                     unsigned char **out, size_t *size, int *error) {
    WebPConfig config;
    WebPPicture picture;
    WebPMemoryWriter writer;
    *error = 0;
    if (!WebPConfigInit(&config) || !WebPPictureInit(&picture)) { *error = -1; return 0; }
    config.lossless = lossless ? 1 : 0;
    config.quality = quality;
    config.method = method;
    config.exact = lossless ? 1 : 0;
    if (!WebPValidateConfig(&config)) { *error = -2; return 0; }
    picture.use_argb = lossless ? 1 : 0;
    picture.width = width;
    picture.height = height;
    if (!WebPPictureImportRGBA(&picture, rgba, width * 4)) { *error = picture.error_code; WebPPictureFree(&picture); return 0; }
    WebPMemoryWriterInit(&writer);
    picture.writer = WebPMemoryWrite;
    picture.custom_ptr = &writer;
    picture.progress_hook = progress;
    picture.user_data = progress_data;
    int ok = WebPEncode(&config, &picture);
    if (!ok) *error = picture.error_code;
    WebPPictureFree(&picture);
    if (!ok) { WebPMemoryWriterClear(&writer); return 0; }
    *out = writer.mem;
    *size = writer.size;
    return 1;
}

#endif
