#version 300 es
#ifdef LAMINA_DESTINATION_FETCH
#extension GL_EXT_shader_framebuffer_fetch : require
#endif
// A whole card in one instanced draw (CollapsedCard): a table shadow, the fill over it, with
// LAMINA_CARD_IMAGE the image over that (clipped to the fill's shape), the border over all (its inner
// edge is the fill's shape inset by the border width: Border.insetWidth), times the group
// opacity, blended once. Circular corners, no clip shapes; built with LAMINA_INSTANCED only.
// Parameters (InstanceLayout.card; the P_ names are defined when the program is built): the fill's
// inverse transform rows and mean scale, the group opacity, the shadow table map and color, the fill's
// rect, radii and color, the border's color and width, the image opacity, IN_GROUP (1 when the draw
// replaces an opacity group's offscreen), the image's quad in its own local units, the shown part of the
// image in unit coordinates (x, y, width, height; mapped as image.frag maps it), the group's offset on
// the canvas (the transforms and table map are the offscreen's, evaluated at its pixel = target pixel −
// offset), and the translation of the image's inverse transform (its other terms are the fill's).
// For a group the parts are stored one after the other into a transparent 8-bit pixel with the
// blender's arithmetic (blend8), as the offscreen would hold them, and that pixel times the opacity is
// blended once. Otherwise, with LAMINA_DESTINATION_FETCH (the draw reads the canvas and is issued with
// blending off), the parts are stored one after the other over the canvas pixel, as separate draws
// would; without it they are composited in float and blended once.
precision highp float;
precision highp sampler2D;
#include "coverage.glsl"
#include "blend8.glsl"

uniform highp sampler2D u_table;
uniform sampler2D u_source;
#ifdef LAMINA_DESTINATION_FETCH
inout highp vec4 fragColor;
#else
out vec4 fragColor;
#endif

vec4 over(vec4 top, vec4 bottom) {
    return top + (1.0 - top.a) * bottom;
}

/// The canvas pixel under the fragment (with LAMINA_DESTINATION_FETCH), else transparent.
vec4 fragColorOrZero() {
#ifdef LAMINA_DESTINATION_FETCH
    return fragColor;
#else
    return vec4(0.0);
#endif
}

void main() {
    float scale = P_SCALE;
    vec2 pixel = targetPixel() - P_GROUP_OFFSET;
    vec2 p = applyAffine(P_INVERSE_ROW0, P_INVERSE_ROW1, pixel);
    vec4 fillRect = P_FILL_RECT, fillRadii = P_FILL_RADII;
    float borderWidth = P_BORDER_WIDTH;
    vec4 shadow = P_SHADOW_COLOR * textureLod(u_table, p * P_TABLE_MAP.xy + P_TABLE_MAP.zw, 0.0).r;
    vec3 corner = rrectCornerOffset(fillRect, fillRadii, p);
    float outer = distanceCoverage(cornerDistance(corner), scale);
    vec4 fill = P_FILL_COLOR * outer;
#ifdef LAMINA_CARD_IMAGE
    vec2 q = applyAffine(vec3(P_INVERSE_ROW0.xy, P_IMAGE_TRANSLATION.x), vec3(P_INVERSE_ROW1.xy, P_IMAGE_TRANSLATION.y), pixel);
    float shown = rrectCoverage(P_IMAGE_DESTINATION, vec4(0.0), 0.0, scale, q);
    vec2 uv = clamp(P_IMAGE_SOURCE.xy + (q - P_IMAGE_DESTINATION.xy) / P_IMAGE_DESTINATION.zw * P_IMAGE_SOURCE.zw, 0.0, 1.0);
    vec4 texel = textureLod(u_source, uv, 0.0);
    vec4 image = texel * ((P_IMAGE_OPACITY * shown) * outer);
#endif
    float inner = distanceCoverage(cornerDistance(insetCornerOffset(corner, borderWidth)), scale);
    vec4 border = P_BORDER_COLOR * clamp(outer - inner, 0.0, 1.0);
    bool group = P_IN_GROUP > 0.5;
    vec4 stored = group ? vec4(0.0) : stored8(fragColorOrZero());
    stored = blend8(fill, blend8(shadow, stored));
#ifdef LAMINA_CARD_IMAGE
    stored = blend8(image, stored);
#endif
    stored = blend8(border, stored);
#ifdef LAMINA_DESTINATION_FETCH
    if (group) {
        stored = blend8((stored * (1.0 / 255.0)) * P_GROUP_OPACITY, stored8(fragColor));
    }
    fragColor = stored / 255.0;
#else
    vec4 color;
    if (group) {
        color = stored * (1.0 / 255.0);
    } else {
        color = over(fill, shadow);
#ifdef LAMINA_CARD_IMAGE
        color = over(image, color);
#endif
        color = over(border, color);
    }
    fragColor = color * P_GROUP_OPACITY;
#endif
}
