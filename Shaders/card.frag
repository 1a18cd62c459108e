#version 300 es
// A whole card in one instanced draw (CollapsedCard): a table shadow, the fill over it, with
// LAMINA_CARD_IMAGE the image over that (clipped to the fill's shape), the border over all (its inner
// edge is the fill's shape inset by the border width: Border.insetWidth), times the group
// opacity, blended once. Circular corners, no clip shapes; built with LAMINA_INSTANCED only.
// Parameters: 0–1 inverse transform rows (w: mean scale, group opacity), 2 shadow table map, 3 shadow
// color, 4 fill rect, 5 fill radii, 6 fill color, 7 border color, 8 (border width, image opacity,
// group: 1 when the draw replaces an opacity group's offscreen), 9 image quad in local units, 10 local
// point → image texture coordinates (p · xy + zw).
// For a group the parts are stored one after the other into a transparent 8-bit pixel with the
// blender's arithmetic (blend8), as the offscreen would hold them, and that pixel times the opacity is
// blended once; otherwise the parts are composited in float and blended once.
precision highp float;
precision highp int;
#include "coverage.glsl"

uniform highp sampler2D u_table;
uniform sampler2D u_source;
out vec4 fragColor;

vec4 over(vec4 top, vec4 bottom) {
    return top + (1.0 - top.a) * bottom;
}

/// One premultiplied source-over store of `top` (0…1) over the 8-bit pixel `d` as an RGBA8 blender
/// computes it: the source rounded to 8 bits, then min(255, s + d ⊗ (255 − s.a)) with the unorm8
/// product x ⊗ y = (t + (t >> 8) + 128) >> 8, t = x·y (the CPU path's Blend does the same).
ivec4 blend8(vec4 top, ivec4 d) {
    ivec4 s = ivec4(roundEven(clamp(top, 0.0, 1.0) * 255.0));
    ivec4 t = d * (255 - s.a);
    return min(s + ((t + (t >> 8) + 128) >> 8), ivec4(255));
}

void main() {
    float scale = v_p[0].w;
    vec2 p = applyAffine(v_p[0].xyz, v_p[1].xyz, targetPixel());
    vec4 fillRect = v_p[4], fillRadii = v_p[5];
    float borderWidth = v_p[8].x;
    vec4 shadow = v_p[3] * textureLod(u_table, p * v_p[2].xy + v_p[2].zw, 0.0).r;
    vec3 corner = rrectCornerOffset(fillRect, fillRadii, p);
    float outer = distanceCoverage(cornerDistance(corner), scale);
    vec4 fill = v_p[6] * outer;
#ifdef LAMINA_CARD_IMAGE
    float shown = rrectCoverage(v_p[9], vec4(0.0), 0.0, scale, p) * outer;
    vec4 texel = textureLod(u_source, p * v_p[10].xy + v_p[10].zw, 0.0);
    vec4 image = texel * (v_p[8].y * shown);
#endif
    float inner = distanceCoverage(cornerDistance(insetCornerOffset(corner, borderWidth)), scale);
    vec4 border = v_p[7] * clamp(outer - inner, 0.0, 1.0);
    vec4 color;
    if (v_p[8].z > 0.5) {
        ivec4 stored = blend8(fill, blend8(shadow, ivec4(0)));
#ifdef LAMINA_CARD_IMAGE
        stored = blend8(image, stored);
#endif
        color = vec4(blend8(border, stored)) / 255.0;
    } else {
        color = over(fill, shadow);
#ifdef LAMINA_CARD_IMAGE
        color = over(image, color);
#endif
        color = over(border, color);
    }
    fragColor = color * v_p[1].w;
}
