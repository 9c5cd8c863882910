//! Several server processes on one PostgreSQL database: a match is run by
//! the process that holds its lease; when that process stops, another
//! takes the match over from the shared log. Skipped (and said so)
//! without `ROBORALLY_PG_URL`.

use crate::support::{self, create, http, Client};
use roborally::core::Rng;
use roborally_server::store::test_url;
use serde_json::json;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_share_matches_by_lease() {
    let Some(url) = test_url("two_processes_share_matches_by_lease") else {
        return;
    };
    let schema = format!("share_{}", std::process::id());
    let config = |node: &str| {
        let mut c = support::config(node);
        c.postgres = Some(url.clone());
        c.pg_schema = Some(schema.clone());
        c.node = Some(node.to_string());
        c
    };
    let one = roborally_server::start(config("one")).await.unwrap();
    let two = roborally_server::start(config("two")).await.unwrap();
    let (id, tokens) = create(
        one.addr,
        json!({"edition":"conquest","seats":[{"person":"Ann"},{"person":"Bob"}]}),
    )
    .await;
    // Both see it listed; only the lease holder runs it.
    let (_, list) = http(two.addr, "GET", "/api/matches", None).await;
    assert!(list
        .as_array()
        .unwrap()
        .iter()
        .any(|m| m["id"] == id.as_str()));
    let mut c = Client::open(two.addr, &id).await;
    c.send(json!({"type":"hello","token":tokens[0].1})).await;
    assert_eq!(c.error().await, "elsewhere");
    let mut people = vec![
        Client::join(one.addr, &id, Some(&tokens[0].1), None).await,
        Client::join(one.addr, &id, Some(&tokens[1].1), None).await,
    ];
    let mut rng = Rng::from_seed(3);
    support::play(&mut people, &mut rng, Some(6)).await;
    let seen = people[0].seq;
    one.shutdown().await; // releases its leases
    drop(people);
    let mut people = vec![
        Client::join(two.addr, &id, Some(&tokens[0].1), Some(seen)).await,
        Client::join(two.addr, &id, Some(&tokens[1].1), Some(seen)).await,
    ];
    assert_eq!(people[0].seq, seen, "the other process took the match over");
    support::play(&mut people, &mut rng, Some(seen + 4)).await;
    two.shutdown().await;
    let store = roborally_server::store::PostgresStore::connect(&url, None)
        .await
        .unwrap();
    store.drop_schema(&schema).await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_race_is_played_over_postgres() {
    let Some(url) = test_url("a_whole_race_is_played_over_postgres") else {
        return;
    };
    let schema = format!("race_{}", std::process::id());
    let mut c = support::config("pg-race");
    c.postgres = Some(url.clone());
    c.pg_schema = Some(schema.clone());
    let server = roborally_server::start(c).await.unwrap();
    let (id, tokens) = create(
        server.addr,
        json!({"edition":"2023","max_rounds":3,"seats":[{"person":"Ann"},{"bot":"random"}]}),
    )
    .await;
    let mut people = vec![Client::join(server.addr, &id, Some(&tokens[0].1), None).await];
    support::play(&mut people, &mut Rng::from_seed(8), None).await;
    let (_, info) = http(server.addr, "GET", &format!("/api/matches/{id}"), None).await;
    assert_eq!(info["finished"], true);
    server.shutdown().await;
    let store = roborally_server::store::PostgresStore::connect(&url, None)
        .await
        .unwrap();
    store.drop_schema(&schema).await.unwrap();
}
