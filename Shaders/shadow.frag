#version 300 es
// Closed-form drop shadow of a rounded rectangle (σ in local units; σ = 0 is the plain coverage).
precision highp float;
#include "clip.glsl"
#include "shadow.glsl"

uniform vec3 u_inverse[2];
uniform float u_scale;
uniform vec4 u_shapeRect;
uniform vec4 u_shapeRadii;
uniform float u_continuous;
uniform float u_sigma;
uniform vec4 u_color;
out vec4 fragColor;

void main() {
    vec2 pixel = gl_FragCoord.xy;
    vec2 p = applyAffine(u_inverse[0], u_inverse[1], pixel);
    float c = u_sigma > 0.0
        ? roundedRectShadowCoverage(p, u_shapeRect, u_shapeRadii, u_sigma)
        : rrectCoverage(u_shapeRect, u_shapeRadii, u_continuous, u_scale, p);
    fragColor = u_color * (c * clipCoverage(pixel));
}
