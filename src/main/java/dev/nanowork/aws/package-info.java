/** What every AWS service client shares: one SDK, one HTTP client, the default credential chain and region. */
package dev.nanowork.aws;
