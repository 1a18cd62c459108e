#ifndef LAMINA_CFRIBIDI_SHIM_H
#define LAMINA_CFRIBIDI_SHIM_H
#include <fribidi.h>
#include <stdlib.h>

/*
 * lamina_bidi_paragraph: UAX #9 for one paragraph (rules P2-P3 for its direction, then W1-I2 with bracket
 * pairs). levels gets one embedding level per character; trailing gets 1 where rule L1 resets the character's
 * level at a line's end (whitespace, isolates, embedding controls, boundary neutrals, segment separators).
 * Returns 1 for a right-to-left paragraph, 0 for left-to-right, -1 on failure.
 */
static inline int lamina_bidi_paragraph(const FriBidiChar *text, int length, FriBidiLevel *levels,
                                        unsigned char *trailing) {
    if (length <= 0) return 0;
    FriBidiCharType *types = (FriBidiCharType *)malloc(sizeof(FriBidiCharType) * (size_t)length);
    FriBidiBracketType *brackets = (FriBidiBracketType *)malloc(sizeof(FriBidiBracketType) * (size_t)length);
    if (types == NULL || brackets == NULL) { free(types); free(brackets); return -1; }
    fribidi_get_bidi_types(text, length, types);
    fribidi_get_bracket_types(text, length, types, brackets);
    FriBidiParType direction = FRIBIDI_PAR_ON;
    FriBidiLevel result = fribidi_get_par_embedding_levels_ex(types, brackets, length, &direction, levels);
    for (int i = 0; i < length; i++) {
        FriBidiCharType t = types[i];
        trailing[i] = (FRIBIDI_IS_EXPLICIT_OR_BN_OR_WS(t) || FRIBIDI_IS_ISOLATE(t) || t == FRIBIDI_TYPE_SS) ? 1 : 0;
    }
    free(types);
    free(brackets);
    if (result == 0) return -1;
    return FRIBIDI_IS_RTL(direction) ? 1 : 0;
}
#endif
