#version 300 es
// A whole card in one instanced draw (CollapsedCard): a table shadow, the fill over it, with
// LAMINA_CARD_IMAGE the image over that (clipped to the fill's shape), the border over all (its inner
// edge is the fill's shape inset by the border width: Border.insetWidth), times the group
// opacity, blended once. Circular corners, no clip shapes; built with LAMINA_INSTANCED only.
// Parameters: 0–1 inverse transform rows (w: mean scale, group opacity), 2 shadow table map, 3 shadow
// color, 4 fill rect, 5 fill radii, 6 fill color, 7 border color, 8 (border width, image opacity),
// 9 image quad in local units, 10 local point → image texture coordinates (p · xy + zw).
precision highp float;
#include "coverage.glsl"

uniform highp sampler2D u_table;
uniform sampler2D u_source;
out vec4 fragColor;

vec4 over(vec4 top, vec4 bottom) {
    return top + (1.0 - top.a) * bottom;
}

void main() {
    float scale = v_p[0].w;
    vec2 p = applyAffine(v_p[0].xyz, v_p[1].xyz, targetPixel());
    vec4 fillRect = v_p[4], fillRadii = v_p[5];
    float borderWidth = v_p[8].x;
    vec4 color = v_p[3] * textureLod(u_table, p * v_p[2].xy + v_p[2].zw, 0.0).r;
    vec3 corner = rrectCornerOffset(fillRect, fillRadii, p);
    float outer = distanceCoverage(cornerDistance(corner), scale);
    color = over(v_p[6] * outer, color);
#ifdef LAMINA_CARD_IMAGE
    float shown = rrectCoverage(v_p[9], vec4(0.0), 0.0, scale, p) * outer;
    vec4 texel = textureLod(u_source, p * v_p[10].xy + v_p[10].zw, 0.0);
    color = over(texel * (v_p[8].y * shown), color);
#endif
    float inner = distanceCoverage(cornerDistance(insetCornerOffset(corner, borderWidth)), scale);
    color = over(v_p[7] * clamp(outer - inner, 0.0, 1.0), color);
    fragColor = color * v_p[1].w;
}
