#ifndef LAMINA_CWEBP_SHIM_H
#define LAMINA_CWEBP_SHIM_H
#include <webp/decode.h>
#include <webp/encode.h>
#include <webp/demux.h>
#include <stdio.h>
#include <string.h>
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

static inline const char *lamina_webp_status_text(VP8StatusCode status) {
    switch (status) {
    case VP8_STATUS_OUT_OF_MEMORY: return "out of memory";
    case VP8_STATUS_INVALID_PARAM: return "invalid parameter";
    case VP8_STATUS_BITSTREAM_ERROR: return "corrupt bitstream";
    case VP8_STATUS_UNSUPPORTED_FEATURE: return "unsupported feature";
    case VP8_STATUS_NOT_ENOUGH_DATA: return "the image data is truncated";
    default: return "decoding failed";
    }
}

/*
 * lamina_webp_decode: the first frame of a WebP (still or animated; libwebpdemux) as straight 8-bit RGBA on a
 * transparent canvas, into `out` of width * height * 4 bytes: the canvas must be width x height (the caller
 * sized `out` from its own header read). The frame is decoded in place at its offset; the rest of the
 * canvas is cleared. Returns 1, or 0 with the reason in msg.
 */
static inline int lamina_webp_decode(const uint8_t *data, size_t size, uint8_t *out, int width, int height,
                                     char *msg, size_t msglen) {
    WebPData webp = { data, size };
    WebPDemuxer *demux = WebPDemux(&webp);
    if (demux == NULL) { snprintf(msg, msglen, "the container is truncated or corrupt"); return 0; }
    int ok = 0;
    uint32_t cw = WebPDemuxGetI(demux, WEBP_FF_CANVAS_WIDTH), ch = WebPDemuxGetI(demux, WEBP_FF_CANVAS_HEIGHT);
    WebPIterator frame;
    memset(&frame, 0, sizeof frame);
    if (cw != (uint32_t)width || ch != (uint32_t)height) {
        snprintf(msg, msglen, "the canvas is %ux%u px, not %dx%d", cw, ch, width, height);
    } else if (!WebPDemuxGetFrame(demux, 1, &frame)) {
        snprintf(msg, msglen, "the file holds no frame");
    } else if (frame.x_offset < 0 || frame.y_offset < 0 || frame.width <= 0 || frame.height <= 0 ||
               frame.x_offset > width - frame.width || frame.y_offset > height - frame.height) {
        snprintf(msg, msglen, "the first frame (%dx%d at %d,%d) is not inside the %dx%d canvas",
                 frame.width, frame.height, frame.x_offset, frame.y_offset, width, height);
    } else {
        size_t stride = (size_t)width * 4;
        if (frame.width != width || frame.height != height) memset(out, 0, stride * (size_t)height);
        WebPDecoderConfig config;
        if (!WebPInitDecoderConfig(&config)) {
            snprintf(msg, msglen, "libwebp version mismatch");
        } else {
            VP8StatusCode status = WebPGetFeatures(frame.fragment.bytes, frame.fragment.size, &config.input);
            if (status == VP8_STATUS_OK &&
                (config.input.width != frame.width || config.input.height != frame.height)) {
                snprintf(msg, msglen, "the first frame's bitstream is %dx%d px, its header says %dx%d",
                         config.input.width, config.input.height, frame.width, frame.height);
            } else if (status != VP8_STATUS_OK) {
                snprintf(msg, msglen, "%s", lamina_webp_status_text(status));
            } else {
                config.output.colorspace = MODE_RGBA;
                config.output.is_external_memory = 1;
                config.output.u.RGBA.rgba = out + (size_t)frame.y_offset * stride + (size_t)frame.x_offset * 4;
                config.output.u.RGBA.stride = (int)stride;
                config.output.u.RGBA.size = stride * (size_t)(frame.height - 1) + (size_t)frame.width * 4;
                status = WebPDecode(frame.fragment.bytes, frame.fragment.size, &config);
                if (status == VP8_STATUS_OK) ok = 1;
                else snprintf(msg, msglen, "%s", lamina_webp_status_text(status));
                WebPFreeDecBuffer(&config.output);
            }
        }
    }
    WebPDemuxReleaseIterator(&frame);
    WebPDemuxDelete(demux);
    return ok;
}

#endif
