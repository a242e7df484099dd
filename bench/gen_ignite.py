#!/usr/bin/env python3
"""gen_ignite.py - deterministic generator of valid IGNITE queue messages for bench_ignite.sh.

Usage: gen_ignite.py [-n N] [--seed S] -o DIR
Writes N messages under DIR/queue/<agent>/<type>_<16 digits>.mime (LF line endings), with the
headers in the order and form `ignite_mime.py build` writes them (MIME-Version, Message-ID
<ts10+2.pid.rand@ignite.local>, From, To, Date RFC 2822 +0900, X-IGNITE-Type, X-IGNITE-Priority,
optional X-IGNITE-Repository/Issue, Content-Type text/x-yaml, Content-Transfer-Encoding 8bit),
as in the impl-shape fixtures of conformance/ignite/inputs/workspace. Bodies are YAML valid per
schemas/ignite/body-<type>.schema.json, following the shape of those fixtures, with varied
ids, numbers, titles and timestamps. Same N and seed: same bytes. Python 3 stdlib only.
"""
import argparse
import os
import random
import string
import time

JST = 9 * 3600
DAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
TITLES = ["README骨組み作成", "インストール手順作成", "使用例の追加", "CIワークフロー修正",
          "ログ出力の整理", "設定ファイルの検証", "テスト追加", "エラーメッセージ改善"]
REPOS = ["myfinder/IGNITE", "owner/repo", "example/agents", "acme/widgets"]

# (type, from, to, with repo/issue headers, body template). $-placeholders are filled below.
TEMPLATES = [
    ("task_assignment", "coordinator", "ignitian_$n", False, """\
task_id: "task_$tid"
title: "$title"
instructions: "手順を書く ($seq)"
"""),
    ("task_completed", "ignitian_$n", "coordinator", True, """\
type: task_completed
from: ignitian_$n
to: coordinator
timestamp: "$iso"
priority: normal
payload:
  task_id: "task_$tid"
  title: "$title"
  status: success
  deliverables:
    - file: "README.md"
      description: "基本構造を作成しました"
      location: "./README.md"
  execution_time: $k
  notes: "指示通りに基本構造を作成。セクションは後続タスクで埋める予定"
  self_review_summary:
    rounds_completed: 5
    issues_found: 1
    issues_fixed: 1
    remaining_concerns: []
  acceptance_criteria_check:
    must:
      - item: "Markdown形式が正しい"
        status: "pass"
    should:
      - item: "誤字脱字がない"
        status: "pass"
  remaining_concerns: []
"""),
    ("progress_update", "coordinator", "leader", True, """\
type: progress_update
from: coordinator
to: leader
timestamp: "$iso"
priority: normal
payload:
  repository: "$repo"
  issue_number: $issue
  total_tasks: 3
  completed: 1
  in_progress: 2
  pending: 0
  summary: |
    - IGNITIAN-1: task_$tid 完了
    - IGNITIAN-2: task_$tid2 実行中
"""),
    ("help_request", "ignitian_$n", "coordinator", True, """\
type: help_request
from: ignitian_$n
to: coordinator
timestamp: "$iso"
priority: high
payload:
  task_id: "task_$tid"
  title: "$title"
  help_type: stuck             # stuck | failed | blocked | timeout
  context:
    duration_minutes: $k
    attempts: 3
    error_summary: |
      npm install が EACCES で失敗する
  attempted_solutions:
    - "npm cache clean --force → 変化なし"
    - "--prefix を変更 → 別の権限エラー"
  current_state: |
    依存関係のインストール待ち
  repository: "$repo"
  issue_number: $issue
"""),
    ("evaluation_request", "coordinator", "evaluator", False, """\
type: evaluation_request
from: coordinator
to: evaluator
timestamp: "$iso"
priority: high
payload:
  request_type: "per_task_review"
  task_id: "task_$tid"
  title: "$title"
  repository: "$repo"
  issue_number: $issue
  reason: "must項目の達成度が微妙で判断困難"
  acceptance_criteria:
    must:
      - "Markdown形式が正しい"
    should:
      - "セクション構造が明確で読みやすい"
  ignitian_self_check:
    must:
      - item: "Markdown形式が正しい"
        status: "pass"
  coordinator_concern: |
    「使用方法」セクションの内容が薄く、要件達成と言えるか判断に迷います。
  deliverables:
    - file: "README.md"
      location: "./README.md"
"""),
    ("evaluation_result", "evaluator", "leader", False, """\
type: evaluation_result
from: evaluator
to: leader
timestamp: "$iso"
priority: high
payload:
  repository: "$repo"
  task_id: "task_$tid"
  title: "$title"
  verdict: "approve"           # approve / revise / reject
  summary: |
    全必須セクションが存在し、Markdown構文も問題なし。
  score: $score
  strengths:
    - "プロジェクト名・概要が簡潔で明瞭"
  risks:
    - severity: "minor"
      blocker: false
      description: "概要セクションの誤字"
      location: "README.md:$k"
      recommendation: "修正推奨だが緊急ではない"
  acceptance_checklist:
    must:
      - item: "全必須セクションが存在する"
        status: "pass"
    should:
      - item: "誤字脱字がない"
        status: "fail"
        note: "1件の軽微な誤字（修正推奨）"
  next_actions:
    - action: "approve"
      target: "leader"
      detail: "次フェーズ進行を承認"
"""),
    ("strategy_request", "leader", "strategist", False, """\
type: strategy_request
from: leader
to: strategist
timestamp: "$iso"
priority: high
payload:
  goal: "$title"
  action_type: "implement"    # implement / review / explain / insights / github_ops
  repository: "$repo"
  issue_number: $issue
  requirements:
    - "プロジェクト概要を記載"
    - "使用例を記載"
  context: "ユーザーからの直接依頼"
"""),
    ("user_goal", "user", "leader", False, """\
goal: "$title"
context: "Issue #$issue の要望\""""),
    ("github_task", "github_watcher", "leader", True, """\
trigger: auto
repository: $repo
issue_number: $issue
issue_title: "$title"
issue_body: |
  --body はエスケープ問題が起きやすいので、既定を --body-file にしたい。
  既存の呼び出しは互換のまま残す。
requested_by: octocat
trigger_comment: |
  @ignite-gh-app このIssueを実装して
branch_prefix: "ignite/"
url: "https://github.com/$repo/issues/$issue\""""),
]


def rfc2822(t):
    g = time.gmtime(t + JST)
    return "%s, %02d %s %04d %02d:%02d:%02d +0900" % (
        DAYS[g.tm_wday], g.tm_mday, MONTHS[g.tm_mon - 1], g.tm_year, g.tm_hour, g.tm_min, g.tm_sec)


def iso(t):
    g = time.gmtime(t + JST)
    return "%04d-%02d-%02dT%02d:%02d:%02d+09:00" % (
        g.tm_year, g.tm_mon, g.tm_mday, g.tm_hour, g.tm_min, g.tm_sec)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("-n", type=int, default=10000)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("-o", required=True)
    a = ap.parse_args()
    rng = random.Random(a.seed)
    t_us = 1770692400 * 1000000  # 2026-02-10 11:40 +0900, as in the fixtures
    for i in range(a.n):
        typ, frm, to, repo_hdr, body = TEMPLATES[i % len(TEMPLATES)]
        t_us += rng.randrange(50000, 2000000)
        t = t_us // 1000000
        n = str(rng.randrange(1, 9))
        frm = frm.replace("$n", n)
        to = to.replace("$n", n)
        repo = rng.choice(REPOS)
        issue = rng.randrange(1, 900)
        subst = {
            "n": n, "seq": str(i), "tid": "%03d" % rng.randrange(1, 200),
            "tid2": "%03d" % rng.randrange(1, 200), "title": rng.choice(TITLES),
            "iso": iso(t), "repo": repo, "issue": str(issue),
            "k": str(rng.randrange(1, 400)), "score": str(rng.randrange(60, 100)),
        }
        mid = "<%d.%d.%d@ignite.local>" % (t_us // 10000, rng.randrange(1000, 99999),
                                           rng.getrandbits(63))
        h = ["MIME-Version: 1.0", "Message-ID: " + mid, "From: " + frm, "To: " + to,
             "Date: " + rfc2822(t), "X-IGNITE-Type: " + typ, "X-IGNITE-Priority: " +
             ("high" if typ in ("user_goal", "github_task", "help_request") else "normal")]
        if repo_hdr:
            h += ["X-IGNITE-Repository: " + repo, "X-IGNITE-Issue: " + str(issue)]
        h += ["Content-Type: text/x-yaml; charset=utf-8", "Content-Transfer-Encoding: 8bit"]
        text = "\n".join(h) + "\n\n" + string.Template(body).substitute(subst)
        d = os.path.join(a.o, "queue", to)
        os.makedirs(d, exist_ok=True)
        with open(os.path.join(d, "%s_%016d.mime" % (typ, t_us)), "w", encoding="utf-8",
                  newline="\n") as f:
            f.write(text)


if __name__ == "__main__":
    main()
