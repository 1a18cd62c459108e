#ifndef LAMINA_CDEFLATE_SHIM_H
#define LAMINA_CDEFLATE_SHIM_H
#include <libdeflate.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/*
 * lamina_deflate_png: premultiplied 8-bit RGBA to a PNG in memory, compressed by libdeflate.
 *
 * The PNG is RGB (color type 2) when every pixel is opaque, else straight-alpha RGBA (color type 6,
 * colors un-premultiplied with rounding, fully transparent pixels 0,0,0,0). Every row uses the Up filter
 * (PNG 1.2, section 6: Up(x) = Raw(x) - Prior(x)); the zlib stream comes from libdeflate_zlib_compress and
 * each chunk's CRC from libdeflate_crc32. Chunks: IHDR, one IDAT, IEND.
 * On success *out is a malloc'd buffer of *size bytes that the caller frees. Returns 1, or 0 when memory
 * runs out or the image is larger than PNG allows.
 */

static inline void lamina_deflate_put32(unsigned char *p, uint32_t v) {
    p[0] = (unsigned char)(v >> 24); p[1] = (unsigned char)(v >> 16); p[2] = (unsigned char)(v >> 8); p[3] = (unsigned char)v;
}

/* Writes a chunk (length, type, data, CRC over type and data) at p; returns the bytes written. */
static inline size_t lamina_deflate_chunk(unsigned char *p, const char *type, const unsigned char *data, size_t length) {
    lamina_deflate_put32(p, (uint32_t)length);
    memcpy(p + 4, type, 4);
    if (length > 0 && data != p + 8) memmove(p + 8, data, length);
    lamina_deflate_put32(p + 8 + length, (uint32_t)libdeflate_crc32(0, p + 4, length + 4));
    return length + 12;
}

static inline int lamina_deflate_is_opaque(const unsigned char *rgba, size_t pixels) {
    for (size_t i = 0; i < pixels; i++) if (rgba[i * 4 + 3] != 255) return 0;
    return 1;
}

/* One row as PNG wants it: channels (3 or 4) straight-alpha bytes. */
static inline void lamina_deflate_row(const unsigned char *src, unsigned char *dst, uint32_t width, int channels) {
    if (channels == 3) {
        for (uint32_t x = 0; x < width; x++) { dst[x * 3] = src[x * 4]; dst[x * 3 + 1] = src[x * 4 + 1]; dst[x * 3 + 2] = src[x * 4 + 2]; }
        return;
    }
    for (uint32_t x = 0; x < width; x++) {
        const unsigned char *s = src + x * 4;
        unsigned char *d = dst + x * 4;
        uint32_t a = s[3];
        if (a == 255) { memcpy(d, s, 4); continue; }
        if (a == 0) { memset(d, 0, 4); continue; }
        for (int k = 0; k < 3; k++) { uint32_t c = (s[k] * 255u + a / 2) / a; d[k] = (unsigned char)(c > 255 ? 255 : c); }
        d[3] = (unsigned char)a;
    }
}

static inline int lamina_deflate_png(const unsigned char *rgba, uint32_t width, uint32_t height, int level,
                                     unsigned char **out, size_t *size) {
    if (width == 0 || height == 0 || width > 0x7fffffffu / 4 || height > 0x7fffffffu) return 0;
    int channels = lamina_deflate_is_opaque(rgba, (size_t)width * height) ? 3 : 4;
    size_t stride = (size_t)width * channels, filtered_size = (stride + 1) * height;
    unsigned char *filtered = (unsigned char *)malloc(filtered_size);
    unsigned char *rows = (unsigned char *)malloc(stride * 2);
    struct libdeflate_compressor *c = libdeflate_alloc_compressor(level);
    if (filtered == NULL || rows == NULL || c == NULL) goto fail;
    for (uint32_t y = 0; y < height; y++) {
        unsigned char *row = rows + (y & 1) * stride, *prior = rows + ((y + 1) & 1) * stride;
        unsigned char *f = filtered + (size_t)y * (stride + 1);
        lamina_deflate_row(rgba + (size_t)y * width * 4, row, width, channels);
        if (y == 0) { f[0] = 0; memcpy(f + 1, row, stride); continue; }
        f[0] = 2;
        for (size_t i = 0; i < stride; i++) f[1 + i] = (unsigned char)(row[i] - prior[i]);
    }
    free(rows); rows = NULL;
    size_t bound = libdeflate_zlib_compress_bound(c, filtered_size);
    if (bound > 0x7fffffffu) goto fail;
    unsigned char *png = (unsigned char *)malloc(8 + 25 + 12 + bound + 12);
    if (png == NULL) goto fail;
    static const unsigned char signature[8] = {137, 80, 78, 71, 13, 10, 26, 10};
    memcpy(png, signature, 8);
    unsigned char ihdr[13];
    lamina_deflate_put32(ihdr, width); lamina_deflate_put32(ihdr + 4, height);
    ihdr[8] = 8; ihdr[9] = channels == 3 ? 2 : 6; ihdr[10] = 0; ihdr[11] = 0; ihdr[12] = 0;
    size_t n = 8 + lamina_deflate_chunk(png + 8, "IHDR", ihdr, 13);
    size_t compressed = libdeflate_zlib_compress(c, filtered, filtered_size, png + n + 8, bound);
    if (compressed == 0) { free(png); goto fail; }
    n += lamina_deflate_chunk(png + n, "IDAT", png + n + 8, compressed);
    n += lamina_deflate_chunk(png + n, "IEND", NULL, 0);
    free(filtered);
    libdeflate_free_compressor(c);
    *out = png;
    *size = n;
    return 1;
fail:
    free(filtered); free(rows);
    if (c) libdeflate_free_compressor(c);
    return 0;
}

#endif
