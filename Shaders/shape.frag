#version 300 es
// Fill (outer only) and, with LAMINA_BORDER, border (outer minus inner) of rounded rectangles.
precision highp float;
precision highp sampler2D;
#include "clip.glsl"

#ifdef LAMINA_INSTANCED
vec3 u_inverse[2];
float u_scale;
vec4 u_outerRect, u_outerRadii, u_innerRect, u_innerRadii;
vec3 u_shapeParams;
vec4 u_color;

// The P_ names are the fields of InstanceLayout.fill / .border, defined when the program is built.
void loadParameters() {
    u_inverse[0] = P_INVERSE_ROW0;
    u_scale = P_SCALE;
    u_inverse[1] = P_INVERSE_ROW1;
    u_outerRect = P_OUTER_RECT;
    u_outerRadii = P_OUTER_RADII;
    u_shapeParams = vec3(0.0);
#ifdef LAMINA_BORDER
    u_innerRect = P_INNER_RECT;
    u_innerRadii = P_INNER_RADII;
#endif
    u_color = P_COLOR;
    loadClipParameters();
}
#else
uniform vec3 u_inverse[2];
uniform float u_scale;
uniform vec4 u_outerRect;
uniform vec4 u_outerRadii;
uniform vec4 u_innerRect;
uniform vec4 u_innerRadii;
/// (outer continuous, inner continuous, unused)
uniform vec3 u_shapeParams;
uniform vec4 u_color;

void loadParameters() {}
#endif
out vec4 fragColor;

void main() {
    loadParameters();
    vec2 pixel = targetPixel();
    vec2 p = applyAffine(u_inverse[0], u_inverse[1], pixel);
    float c = rrectCoverage(u_outerRect, u_outerRadii, u_shapeParams.x, u_scale, p);
#ifdef LAMINA_BORDER
    c = clamp(c - rrectCoverage(u_innerRect, u_innerRadii, u_shapeParams.y, u_scale, p), 0.0, 1.0);
#endif
    fragColor = u_color * (c * clipCoverage(pixel));
}
