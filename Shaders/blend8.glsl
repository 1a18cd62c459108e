// The RGBA8 blender's premultiplied source-over, in integers, for draws that read their destination
// (LAMINA_DESTINATION_FETCH) and store several parts one after the other as separate draws would: the
// source rounded to 8 bits, then min(255, s + d ⊗ (255 − s.a)) with the unorm8 product
// x ⊗ y = (t + (t >> 8) + 128) >> 8, t = x·y (Mesa llvmpipe's blender; the CPU path's Blend).
precision highp int;

/// One store of `top` (premultiplied, 0…1) over the 8-bit pixel `d`.
ivec4 blend8(vec4 top, ivec4 d) {
    ivec4 s = ivec4(roundEven(clamp(top, 0.0, 1.0) * 255.0));
    ivec4 t = d * (255 - s.a);
    return min(s + ((t + (t >> 8) + 128) >> 8), ivec4(255));
}

/// The 8-bit pixel behind a color read from an RGBA8 target (0…1).
ivec4 stored8(vec4 c) {
    return ivec4(roundEven(clamp(c, 0.0, 1.0) * 255.0));
}
