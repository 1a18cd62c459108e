#version 300 es
// A textured quad: an image crop or an offscreen, optionally times a mask offscreen's alpha.
// Sampling state lives in the texture: nearest / linear without mips, trilinear with explicit levels.
// The mask is read only in the LAMINA_IMAGE_MASK variant (llvmpipe would sample it behind a uniform
// branch for every pixel of every image).
precision highp float;
precision highp sampler2D;
#include "clip.glsl"

uniform sampler2D u_source;
uniform sampler2D u_mask;
#ifdef LAMINA_INSTANCED
vec3 u_inverse[2];
float u_scale;
vec4 u_destination, u_sourceRect, u_sourceClamp;
float u_lod, u_opacity;

// The P_ names are the fields of InstanceLayout.image, defined when the program is built.
void loadParameters() {
    u_inverse[0] = P_INVERSE_ROW0;
    u_scale = P_SCALE;
    u_inverse[1] = P_INVERSE_ROW1;
    u_lod = P_LOD;
    u_destination = P_DESTINATION;
    u_sourceRect = P_SOURCE_RECT;
    u_sourceClamp = P_SOURCE_CLAMP;
    u_opacity = P_OPACITY;
    loadClipParameters();
}
#else
uniform vec3 u_inverse[2];
uniform float u_scale;
/// Destination rect in local units (minX, minY, width, height).
uniform vec4 u_destination;
/// Shown part of the source in unit coordinates (x, y, width, height).
uniform vec4 u_sourceRect;
/// Sampled coordinates are clamped to (minX, minY) … (maxX, maxY): an atlas region's edge texel centers.
uniform vec4 u_sourceClamp;
uniform float u_lod;
uniform float u_opacity;

void loadParameters() {}
#endif
uniform int u_hasMask;
out vec4 fragColor;

void main() {
    loadParameters();
    vec2 pixel = targetPixel();
    vec2 p = applyAffine(u_inverse[0], u_inverse[1], pixel);
    float c = rrectCoverage(u_destination, vec4(0.0), 0.0, u_scale, p);
    vec2 uv = clamp(u_sourceRect.xy + (p - u_destination.xy) / u_destination.zw * u_sourceRect.zw,
                    u_sourceClamp.xy, u_sourceClamp.zw);
    vec4 color = textureLod(u_source, uv, u_lod);
#ifdef LAMINA_IMAGE_MASK
    if (u_hasMask != 0) {
        color *= textureLod(u_mask, uv, u_lod).a;
    }
#endif
    fragColor = color * (u_opacity * c * clipCoverage(pixel));
}
