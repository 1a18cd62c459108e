// Clip shapes: the product of up to kMaxClipShapes rounded-rect coverages, each in its own space.
// The scissor part of a clip is applied with glScissor. Programs are built twice: with
// LAMINA_CLIP_SHAPES defined to 1 (shapes evaluated) and without (llvmpipe runs the unused clip loop
// at several times the cost of the draw itself, so unclipped draws get a variant without it).
// LAMINA_CLIP_SINGLE (with LAMINA_CLIP_SHAPES) evaluates shape 0 only, without the loop and its
// indirect uniform reads: the variant for the common clip of one shape (masksToBounds).
#include "coverage.glsl"

#ifdef LAMINA_CLIP_SHAPES

#define kMaxClipShapes 8
#if defined(LAMINA_INSTANCED) && defined(LAMINA_CLIP_SINGLE)
// Instanced draws take their one clip shape from the four parameters after their kind's own
// (InstanceLayout.clipShape: the P_CLIP_ names are defined when the program is built).
vec3 u_clipInverse[2];
vec4 u_clipRect[1];
vec4 u_clipRadii[1];
vec2 u_clipParams[1];

void loadClipParameters() {
    u_clipInverse[0] = P_CLIP_ROW0;
    u_clipInverse[1] = P_CLIP_ROW1;
    u_clipParams[0] = vec2(P_CLIP_SCALE, P_CLIP_CURVE);
    u_clipRect[0] = P_CLIP_RECT;
    u_clipRadii[0] = P_CLIP_RADII;
}
#else
uniform int u_clipCount;
/// Two rows (a, c, tx), (b, d, ty) of each shape's pixel → local transform.
uniform vec3 u_clipInverse[2 * kMaxClipShapes];
uniform vec4 u_clipRect[kMaxClipShapes];
uniform vec4 u_clipRadii[kMaxClipShapes];
/// (mean scale k, continuous flag) of each shape.
uniform vec2 u_clipParams[kMaxClipShapes];

void loadClipParameters() {}
#endif

#ifdef LAMINA_CLIP_SINGLE
float clipCoverage(vec2 pixel) {
    vec2 p = applyAffine(u_clipInverse[0], u_clipInverse[1], pixel);
    return rrectCoverage(u_clipRect[0], u_clipRadii[0], u_clipParams[0].y, u_clipParams[0].x, p);
}
#else
float clipCoverage(vec2 pixel) {
    float c = 1.0;
    if (u_clipCount == 0) {
        return c;
    }
    for (int i = 0; i < kMaxClipShapes; ++i) {
        if (i >= u_clipCount) {
            break;
        }
        vec2 p = applyAffine(u_clipInverse[2 * i], u_clipInverse[2 * i + 1], pixel);
        c *= rrectCoverage(u_clipRect[i], u_clipRadii[i], u_clipParams[i].y, u_clipParams[i].x, p);
    }
    return c;
}
#endif
#else
void loadClipParameters() {}

float clipCoverage(vec2 pixel) {
    return 1.0;
}
#endif
