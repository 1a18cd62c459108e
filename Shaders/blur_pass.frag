#version 300 es
// BlurRecipe step 2: one separable Gaussian pass with the recipe's discrete weights
// (taps −radius…radius along u_direction; samples outside the image are transparent).
precision highp float;
precision highp sampler2D;
#include "blur.glsl"

uniform sampler2D u_source;
/// 2·radius + 1 weights, four to a vector (BlurRecipe keeps at most 97).
uniform vec4 u_weights[25];
uniform vec4 u_channel;
uniform int u_radius;
uniform ivec2 u_direction;
out vec4 fragColor;

void main() {
    ivec2 p = ivec2(floor(gl_FragCoord.xy));
    float sum = 0.0;
    for (int i = -u_radius; i <= u_radius; ++i) {
        int k = i + u_radius;
        float w = u_weights[k >> 2][k & 3];
        sum += w * fetchChannel(u_source, p + u_direction * i, u_channel);
    }
    fragColor = vec4(sum);
}
