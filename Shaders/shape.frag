#version 300 es
// Fill (outer only) and, with LAMINA_BORDER, border (outer minus inner) of rounded rectangles.
precision highp float;
#include "clip.glsl"

uniform vec3 u_inverse[2];
uniform float u_scale;
uniform vec4 u_outerRect;
uniform vec4 u_outerRadii;
uniform vec4 u_innerRect;
uniform vec4 u_innerRadii;
/// (outer continuous, inner continuous, unused)
uniform vec3 u_shapeParams;
uniform vec4 u_color;
out vec4 fragColor;

void main() {
    vec2 pixel = targetPixel();
    vec2 p = applyAffine(u_inverse[0], u_inverse[1], pixel);
    float c = rrectCoverage(u_outerRect, u_outerRadii, u_shapeParams.x, u_scale, p);
#ifdef LAMINA_BORDER
    c = clamp(c - rrectCoverage(u_innerRect, u_innerRadii, u_shapeParams.y, u_scale, p), 0.0, 1.0);
#endif
    fragColor = u_color * (c * clipCoverage(pixel));
}
