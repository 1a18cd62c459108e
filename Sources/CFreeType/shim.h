#ifndef LAMINA_CFREETYPE_SHIM_H
#define LAMINA_CFREETYPE_SHIM_H
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_TRUETYPE_TABLES_H
#include FT_OUTLINE_H

/* FreeType's flags are macros Swift cannot always import; LaminaText reads them through these. */
static inline FT_Int32 lamina_ft_load_no_hinting(void) { return FT_LOAD_NO_HINTING; }
static inline FT_Int32 lamina_ft_load_no_bitmap(void) { return FT_LOAD_NO_BITMAP; }
static inline FT_Int32 lamina_ft_load_color(void) { return FT_LOAD_COLOR; }
static inline FT_Long lamina_ft_face_has_color(FT_Face face) { return FT_HAS_COLOR(face) ? 1 : 0; }
static inline FT_Long lamina_ft_face_is_scalable(FT_Face face) { return FT_IS_SCALABLE(face) ? 1 : 0; }
static inline FT_Long lamina_ft_face_has_fixed_sizes(FT_Face face) { return FT_HAS_FIXED_SIZES(face) ? 1 : 0; }
static inline const char *lamina_ft_error_string(FT_Error error) {
    const char *s = FT_Error_String(error);
    return s ? s : "unknown FreeType error";
}
#endif
