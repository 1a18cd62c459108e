#ifndef LAMINA_CTURBOJPEG_SHIM_H
#define LAMINA_CTURBOJPEG_SHIM_H
#include <turbojpeg.h>
#include <stdio.h>
#include <stdlib.h>

/*
 * lamina_jpeg_encode: premultiplied 8-bit RGBA, composited over the opaque color (r, g, b)
 * (out = color + background · (255 - alpha) / 255, rounded), to a baseline JPEG with libjpeg-turbo's
 * TurboJPEG API at `quality` 1-100, 4:2:0 chroma subsampling. On success *out is a buffer of *size bytes
 * to release with tjFree. Returns 1, or 0 with TurboJPEG's message in msg.
 */
static inline int lamina_jpeg_encode(const unsigned char *rgba, int width, int height, int quality,
                                     unsigned char r, unsigned char g, unsigned char b,
                                     unsigned char **out, size_t *size, char *msg, size_t msglen) {
    size_t pixels = (size_t)width * (size_t)height;
    unsigned char *rgb = (unsigned char *)malloc(pixels * 3);
    if (rgb == NULL) { snprintf(msg, msglen, "out of memory"); return 0; }
    const unsigned char bg[3] = {r, g, b};
    for (size_t i = 0; i < pixels; i++) {
        unsigned int a = rgba[i * 4 + 3];
        for (int k = 0; k < 3; k++) {
            unsigned int v = rgba[i * 4 + k] + (bg[k] * (255u - a) + 127u) / 255u;
            rgb[i * 3 + k] = (unsigned char)(v > 255 ? 255 : v);
        }
    }
    tjhandle handle = tjInitCompress();
    if (handle == NULL) { free(rgb); snprintf(msg, msglen, "%s", tjGetErrorStr2(NULL)); return 0; }
    unsigned char *jpeg = NULL;
    unsigned long length = 0;
    int failed = tjCompress2(handle, rgb, width, width * 3, height, TJPF_RGB, &jpeg, &length, TJSAMP_420, quality, 0);
    if (failed) snprintf(msg, msglen, "%s", tjGetErrorStr2(handle));
    tjDestroy(handle);
    free(rgb);
    if (failed) { tjFree(jpeg); return 0; }
    *out = jpeg;
    *size = (size_t)length;
    return 1;
}

/*
 * lamina_jpeg_decode: a JPEG to 8-bit RGBA (alpha 255), rows top to bottom, into `out` of width * height * 4
 * bytes, with TurboJPEG. The frame must be width x height (the caller sized `out` from its own header
 * read) and not CMYK/YCCK. Warnings (truncated or corrupt entropy data) fail the decode
 * (TJFLAG_STOPONWARNING). Returns 1, or 0 with the reason in msg.
 */
static inline int lamina_jpeg_decode(const unsigned char *jpeg, size_t size, unsigned char *out, int width, int height,
                                     char *msg, size_t msglen) {
    tjhandle handle = tjInitDecompress();
    if (handle == NULL) { snprintf(msg, msglen, "%s", tjGetErrorStr2(NULL)); return 0; }
    int w = 0, h = 0, subsampling = 0, colorspace = 0, ok = 0;
    if (tjDecompressHeader3(handle, jpeg, (unsigned long)size, &w, &h, &subsampling, &colorspace) != 0) {
        snprintf(msg, msglen, "%s", tjGetErrorStr2(handle));
    } else if (w != width || h != height) {
        snprintf(msg, msglen, "the frame header reads %dx%d px, not %dx%d", w, h, width, height);
    } else if (colorspace == TJCS_CMYK || colorspace == TJCS_YCCK) {
        snprintf(msg, msglen, "CMYK images are not supported (only grayscale and YCbCr/RGB)");
    } else if (tjDecompress2(handle, jpeg, (unsigned long)size, out, width, width * 4, height, TJPF_RGBA,
                             TJFLAG_STOPONWARNING) != 0) {
        snprintf(msg, msglen, "%s", tjGetErrorStr2(handle));
    } else {
        ok = 1;
    }
    tjDestroy(handle);
    return ok;
}

#endif
