/**
 * The endpoint's settings ({@code nano-work.*}), with their defaults; read only by {@code function}, which
 * hands each layer below the values it needs.
 */
package dev.nanowork.config;
