#version 300 es
#ifdef LAMINA_DESTINATION_FETCH
#extension GL_EXT_shader_framebuffer_fetch : require
#endif
// A whole card in one instanced draw (CollapsedCard): a table shadow, the fill over it, with
// LAMINA_CARD_IMAGE the image over that (clipped to the fill's shape), the border over all (its inner
// edge is the fill's shape inset by the border width: Border.insetWidth), times the group
// opacity, blended once. Circular corners, no clip shapes; built with LAMINA_INSTANCED only.
// Parameters: 0–1 inverse transform rows (w: mean scale, group opacity), 2 shadow table map, 3 shadow
// color, 4 fill rect, 5 fill radii, 6 fill color, 7 border color, 8 (border width, image opacity,
// group: 1 when the draw replaces an opacity group's offscreen), 9 the image's quad in its own local
// units, 10 the shown part of the image in unit coordinates (x, y, width, height; mapped as image.frag
// maps it), 11 (x, y): the group's offset on the canvas (the transforms and table map are the
// offscreen's, evaluated at its pixel = target pixel − offset), (z, w): the translation of the image's
// inverse transform (its other terms are the fill's).
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
    float scale = v_p[0].w;
    vec2 pixel = targetPixel() - v_p[11].xy;
    vec2 p = applyAffine(v_p[0].xyz, v_p[1].xyz, pixel);
    vec4 fillRect = v_p[4], fillRadii = v_p[5];
    float borderWidth = v_p[8].x;
    vec4 shadow = v_p[3] * textureLod(u_table, p * v_p[2].xy + v_p[2].zw, 0.0).r;
    vec3 corner = rrectCornerOffset(fillRect, fillRadii, p);
    float outer = distanceCoverage(cornerDistance(corner), scale);
    vec4 fill = v_p[6] * outer;
#ifdef LAMINA_CARD_IMAGE
    vec2 q = applyAffine(vec3(v_p[0].xy, v_p[11].z), vec3(v_p[1].xy, v_p[11].w), pixel);
    float shown = rrectCoverage(v_p[9], vec4(0.0), 0.0, scale, q);
    vec2 uv = clamp(v_p[10].xy + (q - v_p[9].xy) / v_p[9].zw * v_p[10].zw, 0.0, 1.0);
    vec4 texel = textureLod(u_source, uv, 0.0);
    vec4 image = texel * ((v_p[8].y * shown) * outer);
#endif
    float inner = distanceCoverage(cornerDistance(insetCornerOffset(corner, borderWidth)), scale);
    vec4 border = v_p[7] * clamp(outer - inner, 0.0, 1.0);
    bool group = v_p[8].z > 0.5;
    vec4 stored = group ? vec4(0.0) : stored8(fragColorOrZero());
    stored = blend8(fill, blend8(shadow, stored));
#ifdef LAMINA_CARD_IMAGE
    stored = blend8(image, stored);
#endif
    stored = blend8(border, stored);
#ifdef LAMINA_DESTINATION_FETCH
    if (group) {
        stored = blend8((stored * (1.0 / 255.0)) * v_p[1].w, stored8(fragColor));
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
    fragColor = color * v_p[1].w;
#endif
}
