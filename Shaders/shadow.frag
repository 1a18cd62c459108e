#version 300 es
#ifdef LAMINA_DESTINATION_FETCH
#extension GL_EXT_shader_framebuffer_fetch : require
#endif
// Closed-form drop shadow of a rounded rectangle (σ in local units; σ = 0 is the plain coverage).
// With LAMINA_SHADOW_TABLE the coverage is read from a table of ShadowMath values on a local grid
// (R32F with linear filtering, texel (i, j) at u_tableOrigin + (i, j) · spacing; its outermost texels
// are ≈ 0 and extend past its edge).
// With LAMINA_SHADOW_FILL (instanced, with the table) the draw also paints the fill that follows the
// shadow in the plan (same transform and clip, circular corners): fill over shadow, blended once; with
// LAMINA_SHADOW_BORDER also the border whose outer edge is the fill's shape and whose inner edge is that
// shape inset by the border width (Border.insetWidth), over both. With LAMINA_DESTINATION_FETCH as well
// (the draw reads the canvas and is issued with blending off) the parts are stored over the canvas pixel
// one after the other with the 8-bit blender's arithmetic (blend8.glsl), as separate draws would.
precision highp float;
precision highp sampler2D;
#include "clip.glsl"
#include "shadow.glsl"
#ifdef LAMINA_DESTINATION_FETCH
#include "blend8.glsl"
#endif

#if defined(LAMINA_INSTANCED) && defined(LAMINA_SHADOW_TABLE)
vec3 u_inverse[2];
float u_scale;
vec4 u_color;
vec4 u_tableMap;
uniform highp sampler2D u_table;
#ifdef LAMINA_SHADOW_FILL
vec4 u_fillRect, u_fillRadii, u_fillColor;
#endif
#ifdef LAMINA_SHADOW_BORDER
float u_borderWidth;
vec4 u_borderColor;
#endif

// The P_ names are the fields of InstanceLayout.tableShadow / .shadowFill / .shadowFillBorder.
void loadParameters() {
    u_inverse[0] = P_INVERSE_ROW0;
    u_scale = P_SCALE;
    u_inverse[1] = P_INVERSE_ROW1;
    u_tableMap = P_TABLE_MAP;
    u_color = P_COLOR;
#ifdef LAMINA_SHADOW_FILL
    u_fillRect = P_FILL_RECT;
    u_fillRadii = P_FILL_RADII;
    u_fillColor = P_FILL_COLOR;
#endif
#ifdef LAMINA_SHADOW_BORDER
    u_borderWidth = P_BORDER_WIDTH;
    u_borderColor = P_BORDER_COLOR;
#endif
    loadClipParameters();
}
#else
uniform vec3 u_inverse[2];
uniform float u_scale;
uniform vec4 u_color;
#ifdef LAMINA_SHADOW_TABLE
uniform highp sampler2D u_table;
/// Local point → table texture coordinates: p · xy + zw.
uniform vec4 u_tableMap;
#endif

void loadParameters() {}
#endif
uniform vec4 u_shapeRect;
uniform vec4 u_shapeRadii;
uniform float u_continuous;
uniform float u_sigma;
#ifdef LAMINA_DESTINATION_FETCH
inout highp vec4 fragColor;
#else
out vec4 fragColor;
#endif

void main() {
    loadParameters();
    vec2 pixel = targetPixel();
    vec2 p = applyAffine(u_inverse[0], u_inverse[1], pixel);
#ifdef LAMINA_SHADOW_TABLE
    float c = textureLod(u_table, p * u_tableMap.xy + u_tableMap.zw, 0.0).r;
#else
    float c = u_sigma > 0.0
        ? roundedRectShadowCoverage(p, u_shapeRect, u_shapeRadii, u_sigma)
        : rrectCoverage(u_shapeRect, u_shapeRadii, u_continuous, u_scale, p);
#endif
    float clip = clipCoverage(pixel);
    vec4 shadow = u_color * (c * clip);
#if defined(LAMINA_INSTANCED) && defined(LAMINA_SHADOW_TABLE) && defined(LAMINA_SHADOW_FILL)
    vec3 corner = rrectCornerOffset(u_fillRect, u_fillRadii, p);
    float outer = distanceCoverage(cornerDistance(corner), u_scale);
    vec4 fill = u_fillColor * (outer * clip);
#ifdef LAMINA_SHADOW_BORDER
    float inner = distanceCoverage(cornerDistance(insetCornerOffset(corner, u_borderWidth)), u_scale);
    float ring = clamp(outer - inner, 0.0, 1.0);
    vec4 border = u_borderColor * (ring * clip);
#endif
#ifdef LAMINA_DESTINATION_FETCH
    vec4 stored = blend8(fill, blend8(shadow, stored8(fragColor)));
#ifdef LAMINA_SHADOW_BORDER
    stored = blend8(border, stored);
#endif
    fragColor = stored / 255.0;
#else
    fragColor = fill + (1.0 - fill.a) * shadow;
#ifdef LAMINA_SHADOW_BORDER
    fragColor = border + (1.0 - border.a) * fragColor;
#endif
#endif
#else
    fragColor = shadow;
#endif
}
