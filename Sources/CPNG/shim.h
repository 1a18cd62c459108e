#ifndef LAMINA_CPNG_SHIM_H
#define LAMINA_CPNG_SHIM_H
#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*
 * lamina_png_decode: libpng's classic API behind one C call, for LaminaPNG.
 *
 * libpng reports errors by longjmp; Swift frames must never be jumped over, so the setjmp lives here,
 * in C, and Swift only sees a return code and a message. Output: 8-bit straight-alpha RGBA (palette and
 * gray expanded, tRNS to alpha, 16-bit reduced to the high byte, interlacing resolved, gamma chunks
 * ignored). Call once with out == NULL to read the header's width and height (nothing is allocated for
 * pixels), check them, then again with a width × height × 4 byte buffer.
 * Returns 1 on success, 0 on failure with a message in msg.
 */

/* Where libpng's error handler leaves its message and jumps back to; the error pointer of every call. */
struct lamina_png_failure {
    char *msg;
    size_t msglen;
    jmp_buf jump;
};

struct lamina_png_reader {
    const unsigned char *data;
    size_t size;
    size_t pos;
    struct lamina_png_failure failure;
};

static void lamina_png_error_fn(png_structp png, png_const_charp text) {
    struct lamina_png_failure *f = (struct lamina_png_failure *)png_get_error_ptr(png);
    snprintf(f->msg, f->msglen, "%s", text);
    longjmp(f->jump, 1);
}

static void lamina_png_warning_fn(png_structp png, png_const_charp text) {
    (void)png;
    (void)text;
}

static void lamina_png_read_fn(png_structp png, png_bytep out, png_size_t count) {
    struct lamina_png_reader *r = (struct lamina_png_reader *)png_get_io_ptr(png);
    if (r->size - r->pos < count) png_error(png, "unexpected end of file (truncated)");
    memcpy(out, r->data + r->pos, count);
    r->pos += count;
}

static inline int lamina_png_decode(const unsigned char *data, size_t size, unsigned char *out,
                                    png_uint_32 *width, png_uint_32 *height, char *msg, size_t msglen) {
    struct lamina_png_reader r;
    png_structp png;
    png_infop info = NULL;
    png_bytep *volatile rows = NULL;
    r.data = data; r.size = size; r.pos = 0; r.failure.msg = msg; r.failure.msglen = msglen;
    png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &r.failure, lamina_png_error_fn, lamina_png_warning_fn);
    if (png == NULL) { snprintf(msg, msglen, "out of memory"); return 0; }
    info = png_create_info_struct(png);
    if (info == NULL) {
        png_destroy_read_struct(&png, NULL, NULL);
        snprintf(msg, msglen, "out of memory");
        return 0;
    }
    if (setjmp(r.failure.jump)) {
        png_destroy_read_struct(&png, &info, NULL);
        free(rows);
        return 0;
    }
    png_set_read_fn(png, &r, lamina_png_read_fn);
    png_set_user_limits(png, 0x7fffffff, 0x7fffffff);
    png_read_info(png, info);
    png_uint_32 w = png_get_image_width(png, info), h = png_get_image_height(png, info);
    if (out == NULL) {
        *width = w; *height = h;
        png_destroy_read_struct(&png, &info, NULL);
        return 1;
    }
    if (w != *width || h != *height) png_error(png, "image size changed between calls");
    int color = png_get_color_type(png, info), depth = png_get_bit_depth(png, info);
    if (color == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
    if (color == PNG_COLOR_TYPE_GRAY && depth < 8) png_set_expand_gray_1_2_4_to_8(png);
    if (png_get_valid(png, info, PNG_INFO_tRNS)) png_set_tRNS_to_alpha(png);
    if (depth == 16) png_set_strip_16(png);
    if (color == PNG_COLOR_TYPE_GRAY || color == PNG_COLOR_TYPE_GRAY_ALPHA) png_set_gray_to_rgb(png);
    png_set_filler(png, 0xFF, PNG_FILLER_AFTER);
    (void)png_set_interlace_handling(png);
    png_read_update_info(png, info);
    if (png_get_rowbytes(png, info) != (size_t)w * 4) png_error(png, "unexpected row layout after transforms");
    rows = (png_bytep *)malloc(sizeof(png_bytep) * h);
    if (rows == NULL) png_error(png, "out of memory");
    for (png_uint_32 y = 0; y < h; y++) rows[y] = out + (size_t)y * w * 4;
    png_read_image(png, rows);
    png_read_end(png, NULL);
    free(rows);
    png_destroy_read_struct(&png, &info, NULL);
    return 1;
}

#endif
