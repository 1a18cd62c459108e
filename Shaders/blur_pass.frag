#version 300 es
// BlurRecipe step 2: one separable Gaussian pass with the recipe's discrete weights
// (taps −radius…radius along u_direction; samples outside the image are transparent).
precision highp float;
precision highp sampler2D;
#include "blur.glsl"

uniform sampler2D u_source;
/// 2·radius + 1 weights (BlurRecipe keeps at most 97).
uniform float u_weights[100];
uniform vec4 u_channel;
uniform int u_radius;
uniform ivec2 u_direction;
out vec4 fragColor;

void main() {
    ivec2 p = ivec2(floor(gl_FragCoord.xy));
    ivec2 size = textureSize(u_source, 0);
    // Taps outside the image add w · 0: only those inside are summed, in the same order.
    bool alongX = u_direction.x != 0;
    int at = alongX ? p.x : p.y, extent = alongX ? size.x : size.y;
    bool inside = alongX ? (p.y >= 0 && p.y < size.y) : (p.x >= 0 && p.x < size.x);
    int first = inside ? max(-u_radius, -at) : 1, last = inside ? min(u_radius, extent - 1 - at) : 0;
    float sum = 0.0;
    for (int i = first; i <= last; ++i) {
        sum += u_weights[i + u_radius] * channelOf(texelFetch(u_source, p + u_direction * i, 0), u_channel);
    }
    fragColor = vec4(sum);
}
